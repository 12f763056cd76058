// routes: the single source of truth for every HTTP route. CDK builds API Gateway methods and one
// Lambda per entry from it; the local HTTP front mounts the same handlers from it; tests walk it. The
// routes of operations come from the operations themselves (operation-routes.generated.json); the rest
// are written here.
import type { ScopeRequirement } from '#core/scopes';
import { WEBHOOK_MAX_BODY_BYTES } from '#core/webhooks/request';
import OPERATION_ROUTES_JSON from './operation-routes.generated.json' with { type: 'json' };

export type { Host, HttpMethod, RouteAccess, RouteArea, RouteMethod } from '#operations/route-facts';
import type { Host, RouteAccess, RouteArea, RouteMethod } from '#operations/route-facts';

export interface RouteDefinition {
  /** Stable id; also the Lambda construct id. */
  readonly id: string;
  readonly method: RouteMethod;
  readonly path: string;
  readonly host: Host;
  /** Handler module under functions/routes, without extension; it exports `handler`. Not for an operation's route. */
  readonly entry?: string;
  /**
   * An operation's route: its module under functions/operations (`<toolset>/<name>`, without extension),
   * served by the generic operation entry (functions/http/operation-entry.ts).
   */
  readonly operation?: string;
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
   *   a workspace key is refused (the webhook relay: functions/routes/relay/relay.ts);
   * - `published-server`: a published server's own `umcp_` credential, or none on a public server; every
   *   other credential is a 401 (functions/routes/published/mcp.ts, docs/published-servers.md).
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
  | 'session-or-service'
  | 'published-server';

/** A route's Lambda timeout unless it names its own (CDK and the local front both read it). */
export const DEFAULT_ROUTE_TIMEOUT_SECONDS = 10;

const READ = { table: 'read' } as const;

/**
 * The routes of the catalogue's operations, each from the operation's own `http` facts
 * (functions/operations/<toolset>/<name>.ts), written by `npm run tool-index` in catalogue order
 * (functions/routes/operation-routes.ts; test/unit/gateway/tool-index.test.ts fails when it differs).
 * Their handler is the generic operation entry (functions/http/operation-entry.ts).
 */
const OPERATION_ROUTES = OPERATION_ROUTES_JSON as unknown as readonly RouteDefinition[];

/** Routes authenticated by a workspace key or a trigger secret: the direct and tool-backing surface. */
// Each table is built in a function called once and marked pure: a bundle that never looks a route up
// (an operation's function, which has its own route) drops the whole table when it is tree-shaken.
const SERVICE_ROUTES: readonly RouteDefinition[] = /* @__PURE__ */ (() => [
  ...OPERATION_ROUTES,
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
  // Webhooks. /webhook/trigger takes every method (405 for the ones it does not serve) and is
  // authenticated by the trigger's secret, not a workspace key.
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
  // Payment-provider webhooks are authenticated by the provider's signature (functions/routes/payments),
  // not a workspace key.
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
  // A video provider's completion webhook (fal's `fal_webhook`): authenticated by the provider's own
  // signature (functions/routes/providers/completion.ts), not a workspace key. Not a catalogue operation.
  {
    id: 'provider-completions',
    method: 'POST',
    path: '/api/providers/completions',
    host: 'base',
    entry: 'providers/completion',
    scope: null,
    auth: 'public',
    // signal: SendTaskSuccess, to end the run's WaitForProvider task token.
    access: { table: 'readWrite', workflow: ['signal'] },
    maxBodyBytes: 512 * 1024,
    area: 'generation',
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
])();

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
const WORKSPACE_KEY_ROUTES = /* @__PURE__ */ SERVICE_ROUTES.filter(
  (route) => (route.auth ?? 'workspace-key') === 'workspace-key',
);

export const ROUTES: readonly RouteDefinition[] = /* @__PURE__ */ (() => [
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
  // Published servers (app host): a canvas as an MCP server of its own, stateless JSON like the gateway. It runs
  // canvases (the run route's grants) and hands out presigned links to generated media.
  {
    id: 'published-server',
    method: 'ANY',
    path: '/mcp/s/{slug}',
    host: 'app',
    entry: 'published/mcp',
    scope: null,
    auth: 'published-server',
    access: { table: 'readWrite', bucket: 'readWrite', workflow: ['start'] },
    timeoutSeconds: 29,
    maxBodyBytes: 1024 * 1024,
    area: 'gateway',
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
])();

/** Finds a route by id; throws at cold start if a handler names a route that does not exist. */
export function routeById(id: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No route with id ${id} in the manifest`);
  return route;
}
