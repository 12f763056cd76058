// routes: the single source of truth for every HTTP route. CDK builds API Gateway methods and one
// Lambda per entry from it; the local HTTP front mounts the same handlers from it; tests walk it.
import type { ScopeRequirement } from '#core/scopes';
import { WEBHOOK_MAX_BODY_BYTES } from '#core/webhooks/request';

export type Host = 'app' | 'base';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
/** `ANY`: every method reaches the handler, which answers the ones it does not serve with 405. */
export type RouteMethod = HttpMethod | 'ANY';

/** What a route's function may touch; CDK turns each into the matching least-privilege grant. */
export interface RouteAccess {
  /** DynamoDB single table: `read` grants GetItem/Query/BatchGet only. */
  readonly table: 'read' | 'readWrite';
  /** S3 media bucket, when the route reads or writes media. */
  readonly bucket?: 'read' | 'readWrite';
  /**
   * Run state machine: `start` grants StartExecution (a throttled start stays queued for the run
   * outbox's sweeper); `stop` grants StopExecution; `redrive` grants RedriveExecution and
   * DescribeExecution (a redrive waits, briefly, for a failing execution to close).
   */
  readonly workflow?: readonly ('start' | 'stop' | 'redrive')[];
  /** Sends result callbacks (gets the signing secret and the outbound rules). */
  readonly callbacks?: boolean;
  /** Derives webhook secrets (gets read access to the service's webhook key). */
  readonly webhookKey?: boolean;
  /** Verifies payment-provider webhooks (gets read access to the provider's signing secret). */
  readonly paymentsSecret?: boolean;
  /** Charges or grants credits by the price list (gets the price configuration: CREDIT_PRICES, …). */
  readonly prices?: boolean;
  /**
   * Stored third-party credentials (envelope encryption under the credentials KMS key): `seal` grants
   * kms:GenerateDataKey (store a new secret), `open` grants kms:Decrypt (use a stored one).
   */
  readonly credentials?: readonly ('seal' | 'open')[];
  /** Calls GitHub as the deployment's GitHub App (gets its id, API URL and read access to its private key and webhook secret). */
  readonly codehost?: boolean;
  /**
   * Calls the video providers: gets the shared provider credentials (their Secrets Manager ARNs, when
   * configured), the service key (status tokens) and the outbound media rules.
   */
  readonly generation?: boolean;
}

export interface RouteDefinition {
  /** Stable id; also the Lambda construct id. */
  readonly id: string;
  readonly method: RouteMethod;
  readonly path: string;
  readonly host: Host;
  /** Handler module under functions/routes, without extension; it exports `handler`. */
  readonly entry: string;
  /**
   * Scope the key must hold, or a list of which any one suffices (the spec's "read:assets or
   * read:canvases"); `null` means any valid workspace key (or none, for webhook-secret routes).
   */
  readonly scope: ScopeRequirement | null;
  /**
   * How callers authenticate. @default 'workspace-key'
   * - `webhook-secret`: the per-trigger secret (/webhook/trigger);
   * - `gateway`: a workspace key or an OAuth access token, checked by the MCP gateway itself;
   * - `public`: no workspace credential (OAuth discovery and endpoints, sign-in pages, health);
   *   the handler applies whatever its protocol demands;
   * - `key-or-session`: a workspace key, or a signed-in member's OAuth access token with `workspaceId`
   *   (the FOCUS billing routes, on both hosts: functions/routes/billing/billing-route.ts);
   * - `session-or-service`: a signed-in member's OAuth access token or the deployment's `relay_` token;
   *   a workspace key is refused (the webhook relay: functions/routes/relay/relay.ts).
   */
  readonly auth?: RouteAuth;
  readonly access: RouteAccess;
  /** Lambda timeout. @default DEFAULT_ROUTE_TIMEOUT_SECONDS (10) */
  readonly timeoutSeconds?: number;
  /** Largest request body accepted, in bytes. @default 262144 (256 KiB) */
  readonly maxBodyBytes?: number;
  /** Route area; CDK groups an area's functions into one nested stack to stay under 500 resources. */
  readonly area: RouteArea;
  /**
   * Bundle with code splitting: modules the handler reaches only through `import()` become chunks that
   * load at first use instead of at cold start (lib/constructs/bundling.ts). For a function that serves
   * many operations and needs one per call: the gateway.
   */
  readonly codeSplitting?: boolean;
}

export type RouteAuth =
  | 'workspace-key'
  | 'webhook-secret'
  | 'gateway'
  | 'public'
  | 'key-or-session'
  | 'session-or-service';

export type RouteArea =
  | 'keys'
  | 'canvas'
  | 'workspace'
  | 'runs'
  | 'webhooks'
  | 'gateway'
  | 'oauth'
  | 'meta'
  | 'credits'
  | 'payments'
  | 'billing'
  | 'templates'
  | 'assets'
  | 'integrations'
  | 'codehost'
  | 'generation';

/** A route's Lambda timeout unless it names its own (CDK and the local front both read it). */
export const DEFAULT_ROUTE_TIMEOUT_SECONDS = 10;

const READ = { table: 'read' } as const;
const WRITE = { table: 'readWrite' } as const;
/** Run reads hand out download URLs for large values (runs/blobs.ts), which needs read access to the bucket. */
const RUN_READ = { table: 'read', bucket: 'read' } as const;
/** Code-host routes that call GitHub as the App: its private key (and, for the webhook, its secret). */
const CODEHOST_READ = { table: 'read', codehost: true } as const;
const CODEHOST_WRITE = { table: 'readWrite', codehost: true } as const;

const canvas = (
  method: HttpMethod,
  suffix: string,
  scope: ScopeRequirement,
  access: RouteAccess,
  extra: Partial<RouteDefinition> = {},
): RouteDefinition => ({
  id: `canvas-${suffix.replace(/\//g, '-')}`,
  method,
  path: `/api/mcp/canvas/${suffix}`,
  host: 'base',
  entry: `canvas/${suffix.replace(/\//g, '-')}`,
  scope,
  access,
  area: 'canvas',
  ...extra,
});

/** An asset route: `/api/mcp/<suffix>`, id and entry from the suffix (functions/routes/assets/<id>.ts). */
const asset = (method: HttpMethod, suffix: string, scope: ScopeRequirement, access: RouteAccess): RouteDefinition => ({
  id: suffix.replace(/\//g, '-'),
  method,
  path: `/api/mcp/${suffix}`,
  host: 'base',
  entry: `assets/${suffix.replace(/\//g, '-')}`,
  scope,
  access,
  area: 'assets',
});
/** The spec's scope pairs of the workspace asset routes. */
const ASSET_READ: ScopeRequirement = ['read:assets', 'read:canvases'];
const ASSET_WRITE: ScopeRequirement = ['write:assets', 'write:canvas'];
const ASSET_DELETE: ScopeRequirement = ['delete:assets', 'write:canvas'];

/** Routes authenticated by a workspace key or a trigger secret: the direct and tool-backing surface. */
const SERVICE_ROUTES: readonly RouteDefinition[] = [
  // Keys and workspace identity
  {
    id: 'verify-key',
    method: 'GET',
    path: '/api/verify-key',
    host: 'base',
    entry: 'keys/verify-key',
    scope: null,
    access: READ,
    area: 'keys',
  },
  {
    id: 'api-keys-list',
    method: 'GET',
    path: '/api/mcp/api-keys/list',
    host: 'base',
    entry: 'keys/list',
    scope: 'manage:integrations',
    access: READ,
    area: 'keys',
  },
  {
    id: 'api-keys-create',
    method: 'POST',
    path: '/api/mcp/api-keys/create',
    host: 'base',
    entry: 'keys/create',
    scope: 'manage:integrations',
    access: WRITE,
    area: 'keys',
  },
  {
    id: 'api-keys-revoke',
    method: 'POST',
    path: '/api/mcp/api-keys/revoke',
    host: 'base',
    entry: 'keys/revoke',
    scope: 'manage:integrations',
    access: WRITE,
    area: 'keys',
  },

  // Workspace
  {
    id: 'workspace-info',
    method: 'GET',
    path: '/api/mcp/workspace/info',
    host: 'base',
    entry: 'workspace/info',
    scope: 'read:canvases',
    access: READ,
    area: 'workspace',
  },
  {
    id: 'workspace-members',
    method: 'GET',
    path: '/api/mcp/workspace/members',
    host: 'base',
    entry: 'workspace/members',
    scope: 'read:canvases',
    access: READ,
    area: 'workspace',
  },
  {
    id: 'workspace-rename',
    method: 'POST',
    path: '/api/mcp/workspace/rename',
    host: 'base',
    entry: 'workspace/rename',
    scope: 'manage:integrations',
    access: WRITE,
    area: 'workspace',
  },
  // Members and invites (the invite link points at the app host's /oauth/invite page).
  {
    id: 'workspace-invite',
    method: 'POST',
    path: '/api/mcp/workspace/invite',
    host: 'base',
    entry: 'workspace/invite',
    scope: 'manage:integrations',
    access: WRITE,
    area: 'workspace',
  },
  {
    id: 'workspace-invite-revoke',
    method: 'POST',
    path: '/api/mcp/workspace/invite/revoke',
    host: 'base',
    entry: 'workspace/invite-revoke',
    scope: 'manage:integrations',
    access: WRITE,
    area: 'workspace',
  },
  {
    id: 'workspace-remove-member',
    method: 'POST',
    path: '/api/mcp/workspace/remove-member',
    host: 'base',
    entry: 'workspace/remove-member',
    scope: 'manage:integrations',
    access: WRITE,
    area: 'workspace',
  },

  // Canvases
  {
    id: 'canvases-list',
    method: 'GET',
    path: '/api/canvases',
    host: 'base',
    entry: 'canvas/list',
    scope: 'read:canvases',
    access: READ,
    area: 'canvas',
  },
  canvas('GET', 'state', 'read:canvases', READ),
  canvas('GET', 'ports/manifest', 'read:canvases', READ),
  canvas('POST', 'ports/validate', 'read:canvases', READ),
  canvas('GET', 'cost-estimate', 'read:canvases', { ...READ, prices: true }),
  canvas('POST', 'create', 'write:canvas', WRITE),
  canvas('POST', 'rename', 'write:canvas', WRITE),
  canvas('POST', 'archive', 'write:canvas', WRITE),
  canvas('POST', 'restore', 'write:canvas', WRITE),
  canvas('POST', 'patch', 'write:canvas', WRITE, { maxBodyBytes: 1024 * 1024 }),
  canvas('POST', 'fit-viewport', 'write:canvas', WRITE),
  canvas('POST', 'delete', 'delete:canvas', WRITE),
  canvas('POST', 'node/add', 'write:canvas', WRITE),
  canvas('POST', 'node/update', 'write:canvas', WRITE),
  canvas('POST', 'node/document-write', 'write:canvas', WRITE),
  canvas('POST', 'node/move', 'write:canvas', WRITE),
  canvas('POST', 'node/resize', 'write:canvas', WRITE),
  canvas('POST', 'node/delete', 'write:canvas', WRITE),
  canvas('POST', 'edge/add', 'write:canvas', WRITE),
  canvas('POST', 'edge/delete', 'delete:canvas', WRITE),
  canvas('GET', 'executions', 'read:canvases', READ),

  // Runs. POST /api/run may wait up to 55 s (sync); its Lambda and integration get 60 s.
  {
    id: 'run',
    method: 'POST',
    path: '/api/run',
    host: 'base',
    entry: 'runs/run',
    scope: 'run:workflows',
    access: { table: 'readWrite', bucket: 'readWrite', workflow: ['start'] },
    timeoutSeconds: 60,
    area: 'runs',
  },
  {
    id: 'executions-get',
    method: 'GET',
    path: '/api/executions',
    host: 'base',
    entry: 'runs/get',
    scope: 'run:workflows',
    access: RUN_READ,
    area: 'runs',
  },
  {
    id: 'executions-timeline',
    method: 'GET',
    path: '/api/mcp/executions/timeline',
    host: 'base',
    entry: 'runs/timeline',
    scope: 'run:workflows',
    access: READ,
    area: 'runs',
  },
  {
    id: 'executions-outputs',
    method: 'GET',
    path: '/api/mcp/executions/outputs',
    host: 'base',
    entry: 'runs/outputs',
    scope: 'run:workflows',
    access: RUN_READ,
    area: 'runs',
  },
  {
    id: 'executions-cancel',
    method: 'POST',
    path: '/api/mcp/executions/cancel',
    host: 'base',
    entry: 'runs/cancel',
    scope: 'run:workflows',
    access: {
      table: 'readWrite',
      bucket: 'read',
      workflow: ['stop'],
      callbacks: true,
      credentials: ['open'],
      prices: true,
      generation: true,
    },
    timeoutSeconds: 15,
    area: 'runs',
  },
  {
    id: 'executions-replay',
    method: 'POST',
    path: '/api/mcp/executions/replay',
    host: 'base',
    entry: 'runs/replay',
    scope: 'run:workflows',
    access: { table: 'readWrite', bucket: 'readWrite', workflow: ['start'] },
    area: 'runs',
  },
  // Webhooks. /webhook/trigger takes every method (405 for the ones it does not serve) and is
  // authenticated by the trigger's secret, not a workspace key.
  {
    id: 'webhooks-register',
    method: 'POST',
    path: '/api/mcp/webhooks/register',
    host: 'base',
    entry: 'webhooks/register',
    scope: 'write:canvas',
    access: { table: 'readWrite', webhookKey: true },
    area: 'webhooks',
  },
  {
    id: 'webhooks-revoke',
    method: 'POST',
    path: '/api/mcp/webhooks/revoke',
    host: 'base',
    entry: 'webhooks/revoke',
    scope: 'write:canvas',
    access: WRITE,
    area: 'webhooks',
  },
  // Generation: provider two (fal). The status call may stream a finished video (up to 1 GiB) into S3,
  // so it runs under an extended timeout (docs/generation.md, "Long jobs"); API Gateway answers the
  // caller at 29 s and the copy finishes in the function, the next poll finds it done.
  {
    id: 'generate-video',
    method: 'POST',
    path: '/api/generate-video',
    host: 'base',
    entry: 'generation/generate-video',
    scope: ASSET_WRITE,
    access: { table: 'readWrite', credentials: ['open'], prices: true, generation: true, webhookKey: true },
    timeoutSeconds: 60,
    maxBodyBytes: 6 * 1024 * 1024,
    area: 'generation',
  },
  {
    id: 'generate-video-status',
    method: 'GET',
    path: '/api/generate-video',
    host: 'base',
    entry: 'generation/generate-video-status',
    scope: ASSET_READ,
    access: {
      table: 'readWrite',
      bucket: 'readWrite',
      credentials: ['open'],
      prices: true,
      generation: true,
      webhookKey: true,
    },
    timeoutSeconds: 300,
    area: 'generation',
  },
  {
    id: 'fal-generate-video',
    method: 'POST',
    path: '/api/fal/generate-video',
    host: 'base',
    entry: 'generation/fal-generate-video',
    scope: ASSET_WRITE,
    access: { table: 'readWrite', credentials: ['open'], prices: true, generation: true, webhookKey: true },
    timeoutSeconds: 30,
    maxBodyBytes: 6 * 1024 * 1024,
    area: 'generation',
  },
  {
    id: 'fal-generate-video-status',
    method: 'GET',
    path: '/api/fal/generate-video',
    host: 'base',
    entry: 'generation/fal-generate-video-status',
    scope: ASSET_READ,
    access: {
      table: 'readWrite',
      bucket: 'readWrite',
      credentials: ['open'],
      prices: true,
      generation: true,
      webhookKey: true,
    },
    timeoutSeconds: 300,
    area: 'generation',
  },
  // Speech (ElevenLabs): one synchronous provider call of up to two minutes, so the function gets 150 s
  // over API Gateway's 29 s: a longer call finishes, and a retry with the same Idempotency-Key answers it.
  // Bodies up to 6 MB (Lambda's synchronous payload limit): larger sources go by audioUrl.
  {
    id: 'generate-audio',
    method: 'POST',
    path: '/api/generate-audio',
    host: 'base',
    entry: 'generation/generate-audio',
    scope: ASSET_WRITE,
    access: { table: 'readWrite', bucket: 'readWrite', credentials: ['open'], prices: true, generation: true },
    timeoutSeconds: 150,
    maxBodyBytes: 6 * 1024 * 1024,
    area: 'generation',
  },
  // The webhook relay: one outbound request under the callback rules; 29 s for a 25 s target timeout.
  // webhookKey: the service's relay token derives from the service key.
  {
    id: 'webhook-relay',
    method: 'POST',
    path: '/api/webhook-relay',
    host: 'base',
    entry: 'relay/relay',
    scope: null,
    auth: 'session-or-service',
    access: { table: 'readWrite', webhookKey: true },
    timeoutSeconds: 29,
    maxBodyBytes: 2 * 1024 * 1024,
    area: 'webhooks',
  },
  // Provider signing secrets: sealed here, opened only by the trigger (and only for a signed URL whose scheme has one).
  {
    id: 'webhooks-signing-secret',
    method: 'POST',
    path: '/api/mcp/webhooks/signing-secret',
    host: 'base',
    entry: 'webhooks/signing-secret',
    scope: 'write:canvas',
    access: { table: 'readWrite', credentials: ['seal'] },
    area: 'webhooks',
  },
  // write:canvas, like the webhook secrets: a key that may only run workflows must not be able to change what every receiver of the workspace verifies with.
  {
    id: 'callbacks-signing-secret',
    method: 'POST',
    path: '/api/mcp/callbacks/signing-secret',
    host: 'base',
    entry: 'runs/callback-signing-secret',
    scope: 'write:canvas',
    access: { table: 'readWrite', credentials: ['seal'] },
    area: 'runs',
  },
  {
    id: 'webhook-trigger',
    method: 'ANY',
    path: '/webhook/trigger',
    host: 'base',
    entry: 'webhooks/trigger',
    scope: null,
    auth: 'webhook-secret',
    access: { table: 'readWrite', bucket: 'readWrite', workflow: ['start'], webhookKey: true, credentials: ['open'] },
    maxBodyBytes: WEBHOOK_MAX_BODY_BYTES,
    area: 'webhooks',
  },
  {
    id: 'executions-redrive',
    method: 'POST',
    path: '/api/mcp/executions/redrive',
    host: 'base',
    entry: 'runs/redrive',
    scope: 'run:workflows',
    access: { table: 'readWrite', bucket: 'readWrite', workflow: ['redrive'] },
    timeoutSeconds: 25,
    area: 'runs',
  },
  // Credits (read:billing): balance, transactions, summary. Payment-provider webhooks are authenticated
  // by the provider's signature (functions/routes/payments), not a workspace key.
  {
    id: 'credits-balance',
    method: 'GET',
    path: '/api/mcp/credits/balance',
    host: 'base',
    entry: 'credits/balance',
    scope: 'read:billing',
    access: READ,
    area: 'credits',
  },
  {
    id: 'credits-transactions',
    method: 'GET',
    path: '/api/mcp/credits/transactions',
    host: 'base',
    entry: 'credits/transactions',
    scope: 'read:billing',
    access: READ,
    area: 'credits',
  },
  {
    id: 'billing-summary',
    method: 'GET',
    path: '/api/mcp/billing/summary',
    host: 'base',
    entry: 'credits/summary',
    scope: 'read:billing',
    access: READ,
    area: 'credits',
  },
  {
    id: 'payments-webhooks',
    method: 'POST',
    path: '/api/payments/webhooks',
    host: 'base',
    entry: 'payments/webhooks',
    scope: null,
    auth: 'public',
    access: { table: 'readWrite', paymentsSecret: true, prices: true },
    maxBodyBytes: 512 * 1024,
    area: 'payments',
  },
  {
    id: 'payments-plan-webhooks',
    method: 'POST',
    path: '/api/payments/plan-webhooks',
    host: 'base',
    entry: 'payments/plan-webhooks',
    scope: null,
    auth: 'public',
    access: { table: 'readWrite', paymentsSecret: true, prices: true },
    maxBodyBytes: 512 * 1024,
    area: 'payments',
  },
  // FOCUS billing files (read:billing), on both hosts: one handler, served for the credential's
  // workspace (docs/billing.md "FOCUS export"). Large exports go to the bucket's exports/ prefix.
  ...(['base', 'app'] as const).flatMap((host): RouteDefinition[] => {
    const suffix = host === 'app' ? '-app' : '';
    const auth = 'key-or-session' as const;
    return [
      {
        id: `billing-focus-export${suffix}`,
        method: 'GET',
        path: '/api/billing/focus-export',
        host,
        entry: `billing/focus-export${suffix}`,
        scope: 'read:billing',
        auth,
        access: { table: 'read', bucket: 'readWrite', prices: true },
        timeoutSeconds: 29,
        area: 'billing',
      },
      {
        id: `billing-focus-metadata${suffix}`,
        method: 'GET',
        path: '/api/billing/focus-metadata',
        host,
        entry: `billing/focus-metadata${suffix}`,
        scope: 'read:billing',
        auth,
        access: READ,
        area: 'billing',
      },
    ];
  }),
  // Templates: frozen copies of canvases (functions/core/templates; docs/templates.md).
  {
    id: 'templates-list',
    method: 'GET',
    path: '/api/mcp/templates/list',
    host: 'base',
    entry: 'templates/list',
    scope: 'read:canvases',
    access: READ,
    area: 'templates',
  },
  {
    id: 'templates-snapshot',
    method: 'GET',
    path: '/api/mcp/templates/snapshot',
    host: 'base',
    entry: 'templates/snapshot',
    scope: 'read:canvases',
    access: READ,
    area: 'templates',
  },
  {
    id: 'templates-use',
    method: 'POST',
    path: '/api/mcp/templates/use',
    host: 'base',
    entry: 'templates/use',
    scope: 'write:canvas',
    access: WRITE,
    area: 'templates',
  },
  {
    id: 'templates-publish',
    method: 'POST',
    path: '/api/mcp/templates/publish',
    host: 'base',
    entry: 'templates/publish',
    scope: 'write:canvas',
    access: WRITE,
    area: 'templates',
  },
  {
    id: 'templates-delete',
    method: 'POST',
    path: '/api/mcp/templates/delete',
    host: 'base',
    entry: 'templates/delete',
    scope: 'write:canvas',
    access: WRITE,
    area: 'templates',
  },
  // Assets (functions/core/assets; docs/assets.md). Bytes go straight to S3 through presigned URLs; the
  // routes sign, inspect, copy server-side and delete. Scope pairs: either scope of the spec's pair opens it.
  asset('POST', 'canvas/r2-upload/reserve', 'write:canvas', { table: 'readWrite', bucket: 'readWrite' }),
  asset('POST', 'canvas/r2-upload/verify', 'write:canvas', { table: 'read', bucket: 'read' }),
  asset('POST', 'canvas/r2-upload/finalize', 'write:canvas', { table: 'readWrite', bucket: 'readWrite' }),
  asset('POST', 'canvas/r2-upload/promote-library', 'write:canvas', WRITE),
  asset('POST', 'canvas/r2-upload/cancel', 'write:canvas', { table: 'readWrite', bucket: 'readWrite' }),
  asset('GET', 'canvas/assets', 'read:canvases', READ),
  asset('GET', 'workspace/assets', ASSET_READ, READ),
  asset('GET', 'workspace/assets/detail', ASSET_READ, { table: 'read', bucket: 'read' }),
  asset('GET', 'workspace/assets/usages', ASSET_READ, READ),
  asset('POST', 'workspace/assets/upload/reserve', ASSET_WRITE, { table: 'readWrite', bucket: 'readWrite' }),
  asset('POST', 'workspace/assets/upload/finalize', ASSET_WRITE, { table: 'readWrite', bucket: 'readWrite' }),
  asset('POST', 'workspace/assets/upload/cancel', ASSET_WRITE, { table: 'readWrite', bucket: 'readWrite' }),
  asset('POST', 'workspace/assets/rename', ASSET_WRITE, WRITE),
  asset('POST', 'workspace/assets/move', ASSET_WRITE, WRITE),
  asset('POST', 'workspace/assets/tags', ASSET_WRITE, WRITE),
  asset('POST', 'workspace/assets/restore', ASSET_WRITE, WRITE),
  asset('POST', 'workspace/assets/place', 'write:canvas', WRITE),
  asset('POST', 'workspace/assets/trash', ASSET_DELETE, WRITE),
  asset('POST', 'workspace/assets/purge', ASSET_DELETE, { table: 'readWrite', bucket: 'readWrite' }),
  // Integrations (docs/integrations.md): the provider catalogue (any workspace key, no scope).
  {
    id: 'integrations-service-status',
    method: 'GET',
    path: '/api/integrations/service-status',
    host: 'base',
    entry: 'integrations/service-status',
    scope: null,
    access: READ,
    area: 'integrations',
  },
  {
    id: 'integrations-providers',
    method: 'GET',
    path: '/api/integrations/providers',
    host: 'base',
    entry: 'integrations/providers',
    scope: null,
    access: READ,
    area: 'integrations',
  },
  // Bring-your-own credentials: only the upsert encrypts; listing and revoking never decrypt anything.
  {
    id: 'integrations-connections-list',
    method: 'GET',
    path: '/api/integrations/connections',
    host: 'base',
    entry: 'integrations/connections-list',
    scope: 'manage:integrations',
    access: READ,
    area: 'integrations',
  },
  {
    id: 'integrations-connections-upsert',
    method: 'POST',
    path: '/api/integrations/connections',
    host: 'base',
    entry: 'integrations/connections-upsert',
    scope: 'manage:integrations',
    access: { table: 'readWrite', credentials: ['seal'] },
    area: 'integrations',
  },
  {
    id: 'integrations-connections-revoke',
    method: 'POST',
    path: '/api/integrations/connections/revoke',
    host: 'base',
    entry: 'integrations/connections-revoke',
    scope: 'manage:integrations',
    access: WRITE,
    area: 'integrations',
  },
  {
    id: 'integrations-policies-get',
    method: 'GET',
    path: '/api/integrations/policies',
    host: 'base',
    entry: 'integrations/policies-get',
    scope: 'manage:integrations',
    access: READ,
    area: 'integrations',
  },
  {
    id: 'workspace-suite-connection',
    method: 'GET',
    path: '/api/mcp/workspace-suite/connection',
    host: 'base',
    entry: 'integrations/workspace-suite-connection',
    scope: 'manage:integrations',
    access: READ,
    area: 'integrations',
  },
  {
    id: 'integrations-policies-update',
    method: 'POST',
    path: '/api/integrations/policies',
    host: 'base',
    entry: 'integrations/policies-update',
    scope: 'manage:integrations',
    access: WRITE,
    area: 'integrations',
  },
  // Code host (GitHub App; docs/integrations.md). Reads reach GitHub with installation tokens.
  {
    id: 'codehost-installations',
    method: 'GET',
    path: '/api/mcp/codehost/installations',
    host: 'base',
    entry: 'codehost/installations',
    scope: 'read:canvases',
    access: READ,
    area: 'codehost',
  },
  {
    id: 'codehost-repositories',
    method: 'GET',
    path: '/api/mcp/codehost/repositories',
    host: 'base',
    entry: 'codehost/repositories',
    scope: 'read:canvases',
    access: CODEHOST_READ,
    area: 'codehost',
  },
  {
    id: 'codehost-repository',
    method: 'GET',
    path: '/api/mcp/codehost/repository',
    host: 'base',
    entry: 'codehost/repository',
    scope: 'read:canvases',
    access: CODEHOST_READ,
    area: 'codehost',
  },
  {
    id: 'codehost-files-search',
    method: 'GET',
    path: '/api/mcp/codehost/files/search',
    host: 'base',
    entry: 'codehost/files-search',
    scope: 'read:canvases',
    access: CODEHOST_READ,
    area: 'codehost',
  },
  {
    id: 'codehost-sync-target',
    method: 'GET',
    path: '/api/mcp/codehost/repositories/sync-target',
    host: 'base',
    entry: 'codehost/sync-target',
    scope: 'manage:integrations',
    access: READ,
    area: 'codehost',
  },
  {
    id: 'codehost-sync',
    method: 'POST',
    path: '/api/mcp/codehost/repositories/sync',
    host: 'base',
    entry: 'codehost/sync',
    scope: 'manage:integrations',
    access: CODEHOST_WRITE,
    timeoutSeconds: 20,
    area: 'codehost',
  },
  {
    id: 'codehost-source-links-attach',
    method: 'POST',
    path: '/api/mcp/codehost/source-links/attach',
    host: 'base',
    entry: 'codehost/source-links-attach',
    scope: 'write:canvas',
    access: CODEHOST_WRITE,
    area: 'codehost',
  },
  {
    id: 'codehost-draft-pr-prepare',
    method: 'POST',
    path: '/api/mcp/codehost/exports/draft-pr/prepare',
    host: 'base',
    entry: 'codehost/draft-pr-prepare',
    scope: 'manage:integrations',
    access: CODEHOST_WRITE,
    area: 'codehost',
  },
  {
    id: 'codehost-draft-pr-result',
    method: 'POST',
    path: '/api/mcp/codehost/exports/draft-pr/result',
    host: 'base',
    entry: 'codehost/draft-pr-result',
    scope: 'manage:integrations',
    access: CODEHOST_WRITE,
    timeoutSeconds: 25,
    area: 'codehost',
  },
  // GitHub's webhooks: authenticated by X-Hub-Signature-256 (GitHub caps payloads at 25 MB; API Gateway at 10 MB).
  {
    id: 'webhooks-github',
    method: 'POST',
    path: '/api/webhooks/github',
    host: 'base',
    entry: 'webhooks/github',
    scope: null,
    auth: 'public',
    access: { table: 'readWrite', codehost: true },
    maxBodyBytes: 6 * 1024 * 1024,
    area: 'codehost',
  },
  // What runs here, on both hosts, without a credential: a small index at /, GET /health (liveness: it
  // touches no table) and the OpenAPI document of the host's routes (functions/routes/meta). `{ table:
  // 'read' }` is only the least the type allows; the handlers do no I/O.
  ...(['base', 'app'] as const).flatMap((host): RouteDefinition[] => [
    {
      id: `meta-index-${host}`,
      method: 'GET',
      path: '/',
      host,
      entry: `meta/${host}`,
      scope: null,
      auth: 'public',
      access: READ,
      area: 'meta',
    },
    {
      id: `meta-health-${host}`,
      method: 'GET',
      path: '/health',
      host,
      entry: `meta/${host}`,
      scope: null,
      auth: 'public',
      access: READ,
      area: 'meta',
    },
    {
      id: `meta-openapi-${host}`,
      method: 'GET',
      path: '/openapi.json',
      host,
      entry: `meta/${host}`,
      scope: null,
      auth: 'public',
      access: READ,
      area: 'meta',
    },
  ]),
];

/** What a function serving all of `routes` needs: the union of their grants. */
function accessOfAll(routes: readonly RouteDefinition[]): RouteAccess {
  const has = (level: 'readWrite') => (access: RouteAccess) => access.table === level;
  const accesses = routes.map((route) => route.access);
  const buckets = accesses.map((access) => access.bucket).filter((bucket) => bucket !== undefined);
  const workflow = [...new Set(accesses.flatMap((access) => access.workflow ?? []))].sort();
  const credentials = [...new Set(accesses.flatMap((access) => access.credentials ?? []))].sort();
  return {
    table: accesses.some(has('readWrite')) ? 'readWrite' : 'read',
    ...(buckets.length > 0 ? { bucket: buckets.includes('readWrite') ? 'readWrite' : 'read' } : {}),
    ...(workflow.length > 0 ? { workflow } : {}),
    ...(accesses.some((access) => access.callbacks) ? { callbacks: true } : {}),
    ...(accesses.some((access) => access.webhookKey) ? { webhookKey: true } : {}),
    ...(credentials.length > 0 ? { credentials } : {}),
    ...(accesses.some((access) => access.codehost) ? { codehost: true } : {}),
    ...(accesses.some((access) => access.prices) ? { prices: true } : {}),
    ...(accesses.some((access) => access.generation) ? { generation: true } : {}),
  };
}

/** Every route a workspace credential calls: the gateway runs their operations in-process, so it needs their grants. */
const WORKSPACE_KEY_ROUTES = SERVICE_ROUTES.filter((route) => (route.auth ?? 'workspace-key') === 'workspace-key');

export const ROUTES: readonly RouteDefinition[] = [
  ...SERVICE_ROUTES,
  // The MCP gateway (app host): POST carries JSON-RPC; GET/DELETE get 405 and OPTIONS the preflight from
  // the handler. 29 s: API Gateway's default integration limit; a tool's bounded wait stays inside it.
  {
    id: 'gateway',
    method: 'ANY',
    path: '/api/mcp',
    host: 'app',
    entry: 'gateway/mcp',
    scope: null,
    auth: 'gateway',
    access: accessOfAll(WORKSPACE_KEY_ROUTES),
    timeoutSeconds: 29,
    maxBodyBytes: 4 * 1024 * 1024,
    area: 'gateway',
    // Each tool's operation is imported at its first call (functions/gateway/tools.ts).
    codeSplitting: true,
  },
  // OAuth 2.1 authorization server of the gateway (app host, public: the protocol authenticates).
  // One function serves the discovery documents at the host root and every /oauth/* endpoint and page.
  // webhookKey: the OAuth signing and cookie keys derive from the service key (functions/oauth/keys.ts).
  {
    id: 'oauth-well-known',
    method: 'GET',
    path: '/.well-known/{proxy+}',
    host: 'app',
    entry: 'oauth/well-known',
    scope: null,
    auth: 'public',
    access: { table: 'readWrite', webhookKey: true },
    area: 'oauth',
  },
  {
    id: 'oauth-server',
    method: 'ANY',
    path: '/oauth/{proxy+}',
    host: 'app',
    entry: 'oauth/server',
    scope: null,
    auth: 'public',
    access: { table: 'readWrite', webhookKey: true },
    maxBodyBytes: 64 * 1024,
    area: 'oauth',
  },
];

/** Finds a route by id; throws at cold start if a handler names a route that does not exist. */
export function routeById(id: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No route with id ${id} in the manifest`);
  return route;
}
