// operations: what an operation served over HTTP tells the route table (functions/route-table/manifest.ts)
// about its route: method, path, host, scope, the grants of its function, its area. Plain data, no
// transport code: CDK, the local front and the generic operation entry (functions/http/operation-entry.ts)
// read it; the operation itself never does.
import type { ScopeRequirement } from '#core/scopes';

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
   * DescribeExecution (a redrive waits, briefly, for a failing execution to close); `signal` grants
   * SendTaskSuccess (a provider's completion webhook ends a run's WaitForProvider task token).
   */
  readonly workflow?: readonly ('start' | 'stop' | 'redrive' | 'signal')[];
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
  /**
   * Calls GitHub as the deployment's GitHub App (gets its id, API URL and read access to its private key and webhook
   * secret).
   */
  readonly codehost?: boolean;
  /**
   * Calls the video providers: gets the shared provider credentials (their Secrets Manager ARNs, when
   * configured), the service key (status tokens) and the outbound media rules.
   */
  readonly generation?: boolean;
}

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

/** An operation's own route: everything the route table needs but its id (the operation's `route`). */
export interface OperationRouteFacts {
  readonly method: HttpMethod;
  readonly path: string;
  /** @default 'base' */
  readonly host?: Host;
  /**
   * Scope the key must hold, or a list of which any one suffices; `null` means any valid workspace key.
   */
  readonly scope: ScopeRequirement | null;
  readonly access: RouteAccess;
  /** Lambda timeout in seconds. @default DEFAULT_ROUTE_TIMEOUT_SECONDS (10) */
  readonly timeoutSeconds?: number;
  /** Largest request body accepted, in bytes. @default 262144 (256 KiB) */
  readonly maxBodyBytes?: number;
  /** Route area; CDK groups an area's functions into one nested stack. */
  readonly area: RouteArea;
  /** The response header (value `true`) that marks a replayed answer. @default 'x-idempotent-replay' */
  readonly replayHeader?: string;
}

/** Named grants for the common kinds of route function; CDK turns each into its least-privilege grants. */
export const READS_TABLE: RouteAccess = { table: 'read' };
export const WRITES_TABLE: RouteAccess = { table: 'readWrite' };
export const READS_MEDIA: RouteAccess = { table: 'read', bucket: 'read' };
export const WRITES_MEDIA: RouteAccess = { table: 'readWrite', bucket: 'readWrite' };
export const READS_CODEHOST: RouteAccess = { table: 'read', codehost: true };
export const WRITES_CODEHOST: RouteAccess = { table: 'readWrite', codehost: true };
export const SEALS_CREDENTIALS: RouteAccess = { table: 'readWrite', credentials: ['seal'] };

/** A route on the base host with the default timeout and body limit: the common shape of an operation's route. */
function plainRoute(method: HttpMethod, defaultAccess: RouteAccess) {
  return (
    path: string,
    scope: ScopeRequirement | null,
    area: RouteArea,
    access: RouteAccess = defaultAccess,
  ): OperationRouteFacts => ({ method, path, scope, access, area });
}

/** GET, reading the table unless told more. */
export const readRoute = plainRoute('GET', READS_TABLE);
/** POST, writing the table unless told more. */
export const writeRoute = plainRoute('POST', WRITES_TABLE);
