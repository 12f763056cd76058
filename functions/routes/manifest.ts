// routes: the single source of truth for every HTTP route. CDK builds API Gateway methods and one
// Lambda per entry from it; the local HTTP front mounts the same handlers from it; tests walk it.
import type { Scope } from '#core/scopes';
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
}

export interface RouteDefinition {
  /** Stable id; also the Lambda construct id. */
  readonly id: string;
  readonly method: RouteMethod;
  readonly path: string;
  readonly host: Host;
  /** Handler module under functions/routes, without extension; it exports `handler`. */
  readonly entry: string;
  /** Scope the key must hold; `null` means any valid workspace key (or none, for webhook-secret routes). */
  readonly scope: Scope | null;
  /**
   * How callers authenticate. @default 'workspace-key'
   * - `webhook-secret`: the per-trigger secret (/webhook/trigger);
   * - `gateway`: a workspace key or an OAuth access token, checked by the MCP gateway itself;
   * - `public`: no workspace credential (OAuth discovery and endpoints, sign-in pages, health);
   *   the handler applies whatever its protocol demands.
   */
  readonly auth?: RouteAuth;
  readonly access: RouteAccess;
  /** Lambda timeout. @default DEFAULT_ROUTE_TIMEOUT_SECONDS (10) */
  readonly timeoutSeconds?: number;
  /** Largest request body accepted, in bytes. @default 262144 (256 KiB) */
  readonly maxBodyBytes?: number;
  /** Route area; CDK groups an area's functions into one nested stack to stay under 500 resources. */
  readonly area: RouteArea;
}

export type RouteAuth = 'workspace-key' | 'webhook-secret' | 'gateway' | 'public';

export type RouteArea = 'keys' | 'canvas' | 'workspace' | 'runs' | 'webhooks' | 'gateway' | 'oauth' | 'meta';

/** A route's Lambda timeout unless it names its own (CDK and the local front both read it). */
export const DEFAULT_ROUTE_TIMEOUT_SECONDS = 10;

const READ = { table: 'read' } as const;
const WRITE = { table: 'readWrite' } as const;
/** Run reads hand out download URLs for large values (runs/blobs.ts), which needs read access to the bucket. */
const RUN_READ = { table: 'read', bucket: 'read' } as const;

const canvas = (
  method: HttpMethod,
  suffix: string,
  scope: Scope,
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

/** Routes authenticated by a workspace key or a trigger secret: the direct and tool-backing surface. */
const SERVICE_ROUTES: readonly RouteDefinition[] = [
  // Keys and workspace identity
  { id: 'verify-key', method: 'GET', path: '/api/verify-key', host: 'base', entry: 'keys/verify-key', scope: null, access: READ, area: 'keys' },
  { id: 'api-keys-list', method: 'GET', path: '/api/mcp/api-keys/list', host: 'base', entry: 'keys/list', scope: 'manage:integrations', access: READ, area: 'keys' },
  { id: 'api-keys-create', method: 'POST', path: '/api/mcp/api-keys/create', host: 'base', entry: 'keys/create', scope: 'manage:integrations', access: WRITE, area: 'keys' },
  { id: 'api-keys-revoke', method: 'POST', path: '/api/mcp/api-keys/revoke', host: 'base', entry: 'keys/revoke', scope: 'manage:integrations', access: WRITE, area: 'keys' },

  // Workspace
  { id: 'workspace-info', method: 'GET', path: '/api/mcp/workspace/info', host: 'base', entry: 'workspace/info', scope: 'read:canvases', access: READ, area: 'workspace' },
  { id: 'workspace-members', method: 'GET', path: '/api/mcp/workspace/members', host: 'base', entry: 'workspace/members', scope: 'read:canvases', access: READ, area: 'workspace' },
  { id: 'workspace-rename', method: 'POST', path: '/api/mcp/workspace/rename', host: 'base', entry: 'workspace/rename', scope: 'manage:integrations', access: WRITE, area: 'workspace' },
  // Members and invites (the invite link points at the app host's /oauth/invite page).
  { id: 'workspace-invite', method: 'POST', path: '/api/mcp/workspace/invite', host: 'base', entry: 'workspace/invite', scope: 'manage:integrations', access: WRITE, area: 'workspace' },
  { id: 'workspace-invite-revoke', method: 'POST', path: '/api/mcp/workspace/invite/revoke', host: 'base', entry: 'workspace/invite-revoke', scope: 'manage:integrations', access: WRITE, area: 'workspace' },
  { id: 'workspace-remove-member', method: 'POST', path: '/api/mcp/workspace/remove-member', host: 'base', entry: 'workspace/remove-member', scope: 'manage:integrations', access: WRITE, area: 'workspace' },

  // Canvases
  { id: 'canvases-list', method: 'GET', path: '/api/canvases', host: 'base', entry: 'canvas/list', scope: 'read:canvases', access: READ, area: 'canvas' },
  canvas('GET', 'state', 'read:canvases', READ),
  canvas('GET', 'ports/manifest', 'read:canvases', READ),
  canvas('POST', 'ports/validate', 'read:canvases', READ),
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
  { id: 'run', method: 'POST', path: '/api/run', host: 'base', entry: 'runs/run', scope: 'run:workflows', access: { table: 'readWrite', bucket: 'readWrite', workflow: ['start'] }, timeoutSeconds: 60, area: 'runs' },
  { id: 'executions-get', method: 'GET', path: '/api/executions', host: 'base', entry: 'runs/get', scope: 'run:workflows', access: RUN_READ, area: 'runs' },
  { id: 'executions-timeline', method: 'GET', path: '/api/mcp/executions/timeline', host: 'base', entry: 'runs/timeline', scope: 'run:workflows', access: READ, area: 'runs' },
  { id: 'executions-outputs', method: 'GET', path: '/api/mcp/executions/outputs', host: 'base', entry: 'runs/outputs', scope: 'run:workflows', access: RUN_READ, area: 'runs' },
  { id: 'executions-cancel', method: 'POST', path: '/api/mcp/executions/cancel', host: 'base', entry: 'runs/cancel', scope: 'run:workflows', access: { table: 'readWrite', bucket: 'read', workflow: ['stop'], callbacks: true }, timeoutSeconds: 15, area: 'runs' },
  { id: 'executions-replay', method: 'POST', path: '/api/mcp/executions/replay', host: 'base', entry: 'runs/replay', scope: 'run:workflows', access: { table: 'readWrite', bucket: 'readWrite', workflow: ['start'] }, area: 'runs' },
  // Webhooks. /webhook/trigger takes every method (405 for the ones it does not serve) and is
  // authenticated by the trigger's secret, not a workspace key.
  { id: 'webhooks-register', method: 'POST', path: '/api/mcp/webhooks/register', host: 'base', entry: 'webhooks/register', scope: 'write:canvas', access: { table: 'readWrite', webhookKey: true }, area: 'webhooks' },
  { id: 'webhooks-revoke', method: 'POST', path: '/api/mcp/webhooks/revoke', host: 'base', entry: 'webhooks/revoke', scope: 'write:canvas', access: WRITE, area: 'webhooks' },
  { id: 'webhook-trigger', method: 'ANY', path: '/webhook/trigger', host: 'base', entry: 'webhooks/trigger', scope: null, auth: 'webhook-secret', access: { table: 'readWrite', bucket: 'readWrite', workflow: ['start'] }, maxBodyBytes: WEBHOOK_MAX_BODY_BYTES, area: 'webhooks' },
  { id: 'executions-redrive', method: 'POST', path: '/api/mcp/executions/redrive', host: 'base', entry: 'runs/redrive', scope: 'run:workflows', access: { table: 'readWrite', bucket: 'readWrite', workflow: ['redrive'] }, timeoutSeconds: 25, area: 'runs' },
  // What runs here, on both hosts, without a credential: a small index at /, GET /health (liveness: it
  // touches no table) and the OpenAPI document of the host's routes (functions/routes/meta). `{ table:
  // 'read' }` is only the least the type allows; the handlers do no I/O.
  ...(['base', 'app'] as const).flatMap((host): RouteDefinition[] => [
    { id: `meta-index-${host}`, method: 'GET', path: '/', host, entry: `meta/${host}`, scope: null, auth: 'public', access: READ, area: 'meta' },
    { id: `meta-health-${host}`, method: 'GET', path: '/health', host, entry: `meta/${host}`, scope: null, auth: 'public', access: READ, area: 'meta' },
    { id: `meta-openapi-${host}`, method: 'GET', path: '/openapi.json', host, entry: `meta/${host}`, scope: null, auth: 'public', access: READ, area: 'meta' },
  ]),
];

/** What a function serving all of `routes` needs: the union of their grants. */
function accessOfAll(routes: readonly RouteDefinition[]): RouteAccess {
  const has = (level: 'readWrite') => (access: RouteAccess) => access.table === level;
  const accesses = routes.map((route) => route.access);
  const buckets = accesses.map((access) => access.bucket).filter((bucket) => bucket !== undefined);
  const workflow = [...new Set(accesses.flatMap((access) => access.workflow ?? []))].sort();
  return {
    table: accesses.some(has('readWrite')) ? 'readWrite' : 'read',
    ...(buckets.length > 0 ? { bucket: buckets.includes('readWrite') ? 'readWrite' : 'read' } : {}),
    ...(workflow.length > 0 ? { workflow } : {}),
    ...(accesses.some((access) => access.callbacks) ? { callbacks: true } : {}),
    ...(accesses.some((access) => access.webhookKey) ? { webhookKey: true } : {}),
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
  },
  // OAuth 2.1 authorization server of the gateway (app host, public: the protocol authenticates).
  // One function serves the discovery documents at the host root and every /oauth/* endpoint and page.
  // webhookKey: the OAuth signing and cookie keys derive from the service key (functions/oauth/keys.ts).
  { id: 'oauth-well-known', method: 'GET', path: '/.well-known/{proxy+}', host: 'app', entry: 'oauth/well-known', scope: null, auth: 'public', access: { table: 'readWrite', webhookKey: true }, area: 'oauth' },
  { id: 'oauth-server', method: 'ANY', path: '/oauth/{proxy+}', host: 'app', entry: 'oauth/server', scope: null, auth: 'public', access: { table: 'readWrite', webhookKey: true }, maxBodyBytes: 64 * 1024, area: 'oauth' },
];

/** Finds a route by id; throws at cold start if a handler names a route that does not exist. */
export function routeById(id: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No route with id ${id} in the manifest`);
  return route;
}
