// route-table: the routes written by hand: those that are not catalogue operations (the webhook relay and
// trigger, payment and provider webhooks, FOCUS billing, GitHub's webhooks, the meta routes, the MCP gateway,
// published servers, OAuth). Apart from the manifest (functions/route-table/manifest.ts, which adds the
// operations' routes from operation-routes.generated.json) so that the handler of one of these routes looks
// its route up here and bundles no operation route: ~9 KB of JSON it never reads.
import type { ScopeRequirement } from '#core/scopes';
import { WEBHOOK_MAX_BODY_BYTES } from '#core/webhooks/request';
import type { Host, RouteAccess, RouteArea, RouteMethod } from '#operations/route-facts';

export type { Host, HttpMethod, RouteAccess, RouteArea, RouteMethod } from '#operations/route-facts';

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

/** How a route's callers authenticate: its `auth`, else a workspace key. */
export const authOf = (route: Pick<RouteDefinition, 'auth'>): RouteAuth => route.auth ?? 'workspace-key';

/** A route's Lambda timeout unless it names its own (CDK and the local front both read it). */
export const DEFAULT_ROUTE_TIMEOUT_SECONDS = 10;

/**
 * A route as this table writes it: a route whose function runs the workspace-key routes' operations in-process
 * (the MCP gateway) names no `access`; the manifest gives it the union of those routes' grants.
 */
export type HandWrittenRoute = Omit<RouteDefinition, 'access'> & { readonly access?: RouteAccess };

const READ = { table: 'read' } as const;

// Built in a function called once and marked pure: a bundle that never looks a route up drops the table.
export const HAND_WRITTEN_ROUTES: readonly HandWrittenRoute[] = /* @__PURE__ */ (() => [
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
  // workspace (docs/focus-export.md). Large exports go to the bucket's exports/ prefix.
  ...(['base', 'app'] as const).flatMap((host): HandWrittenRoute[] => {
    const suffix = host === 'app' ? '-app' : '';
    // The two files' routes differ only in their name and what they touch.
    const focusRoute = (
      name: 'export' | 'metadata',
      touches: Pick<HandWrittenRoute, 'access' | 'timeoutSeconds'>,
    ): HandWrittenRoute => ({
      id: `billing-focus-${name}${suffix}`,
      method: 'GET',
      path: `/api/billing/focus-${name}`,
      host,
      entry: `billing/focus-${name}${suffix}`,
      scope: 'read:billing',
      auth: 'key-or-session',
      ...touches,
      area: 'billing',
    });
    return [
      // readWrite: an export writes its audit entry (docs/audit.md).
      focusRoute('export', { access: { table: 'readWrite', bucket: 'readWrite', prices: true }, timeoutSeconds: 29 }),
      focusRoute('metadata', { access: READ }),
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
  ...(['base', 'app'] as const).flatMap((host): HandWrittenRoute[] =>
    (
      [
        ['index', '/'],
        ['health', '/health'],
        ['openapi', '/openapi.json'],
      ] as const
    ).map(([name, path]) => ({
      id: `meta-${name}-${host}`,
      method: 'GET',
      path,
      host,
      entry: `meta/${host}`,
      scope: null,
      auth: 'public',
      access: READ,
      area: 'meta',
    })),
  ),
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
    // No access here: it is every workspace-key route's grants, which the manifest adds (manifest.ts beside this).
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
    access: { table: 'readWrite', bucket: 'readWrite', workflow: ['start'], prices: true },
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

/** Finds a hand-written route by id; throws at cold start if a handler names a route that does not exist. */
export function handWrittenRouteById(id: string): HandWrittenRoute {
  const route = HAND_WRITTEN_ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No hand-written route with id ${id} (functions/route-table/hand-written-routes.ts)`);
  return route;
}
