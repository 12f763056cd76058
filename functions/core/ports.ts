// core: the persistence ports the use cases need. Adapters in functions/adapters implement them.
import type { ApiKeyLookup, ApiKeyRecord } from './keys/api-key.ts';
import type { Canvas, CanvasSummary } from './canvas/model.ts';
import type { Member, Workspace } from './workspaces/model.ts';
import type { Page, PageQuery } from './pagination.ts';
import type { Execution, ExecutionSummary, FrozenGraph } from './runs/model.ts';
import type { WebhookTrigger } from './webhooks/model.ts';

export interface ApiKeyRepository {
  findLookup(keyHash: string): Promise<ApiKeyLookup | undefined>;
  /** Writes record and lookup atomically. */
  create(record: ApiKeyRecord, lookup: ApiKeyLookup): Promise<void>;
  get(workspaceId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
  /** Marks the record revoked and deletes the lookup in one transaction. */
  revoke(record: ApiKeyRecord, revokedAt: string): Promise<void>;
  list(workspaceId: string, page: PageQuery): Promise<Page<ApiKeyRecord>>;
}

export interface WorkspaceRepository {
  get(workspaceId: string): Promise<Workspace | undefined>;
  rename(workspaceId: string, name: string, updatedAt: string): Promise<Workspace>;
  listMembers(workspaceId: string, page: PageQuery): Promise<Page<Member>>;
  /**
   * Creates workspace, owner and first key in one transaction. With `onceMarker`, the transaction
   * also claims the store-wide bootstrap marker and returns false if it was already claimed.
   */
  provision(input: {
    workspace: Workspace;
    owner: Member;
    key: { record: ApiKeyRecord; lookup: ApiKeyLookup };
    onceMarker: boolean;
  }): Promise<boolean>;
}

export interface CanvasRepository {
  get(workspaceId: string, canvasId: string): Promise<Canvas | undefined>;
  /** Fails with ConflictError if a canvas with this id exists. */
  create(canvas: Canvas): Promise<void>;
  /** Writes `canvas` only if the stored version is still `expectedVersion`; else ConflictError. */
  replace(canvas: Canvas, expectedVersion: number): Promise<void>;
  delete(workspaceId: string, canvasId: string): Promise<boolean>;
  list(workspaceId: string, page: PageQuery & { includeArchived: boolean }): Promise<Page<CanvasSummary>>;
}

/**
 * What an idempotency key names: the run a request with that key started, kept for replays of the same
 * key. Records of the previous layout also kept the HTTP answer (`statusCode`, `body`); replays rebuild
 * the answer from the run, so those fields are read only for `replayOf`.
 */
export interface IdempotencyRecord {
  fingerprint: string;
  executionId: string;
  createdAt: string;
  /** Derived keys only: the canvas version the run froze; a newer version is a new run. */
  canvasVersion?: number;
  /** Replays of a run only: the run it replayed. */
  replayOf?: string;
  /** @deprecated previous layout (before issue 26): the answer as sent */
  statusCode?: number;
  /** @deprecated previous layout (before issue 26): the answer as sent */
  body?: Record<string, unknown>;
}

export interface RunRepository {
  /** One round trip: the canvas to run and the idempotency record of `keyHash`, if any and not expired at `now`. */
  loadForStart(
    workspaceId: string,
    canvasId: string,
    keyHash?: string,
    now?: Date,
  ): Promise<{ canvas?: Canvas; idempotency?: IdempotencyRecord }>;
  /**
   * Claims an idempotency key for the run `record` names: one conditional PutItem. When the key is
   * taken it writes nothing and returns the record that holds it. A record expired at `nowEpochSeconds`,
   * or (when the new record has a `canvasVersion`) one made at an older canvas version, does not hold it.
   * `expiresAtEpochSeconds: Infinity` is a record that never expires.
   */
  claimKey(
    workspaceId: string,
    claim: { keyHash: string; record: IdempotencyRecord; expiresAtEpochSeconds: number; nowEpochSeconds?: number },
  ): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRecord }>;
  /**
   * Records the run with its frozen graph: one PutItem conditioned on the executionId being free (a large
   * graph goes to its own item first). `created: false` when that executionId exists already: only a
   * request taking over the same idempotency record writes the same id (see runs/accept.ts). Not in one
   * transaction with claimKey — a transaction doubles every unit — so a key may name a run whose
   * execution is not written yet, or never will be; acceptRun settles that.
   */
  create(input: { execution: Execution; graph: FrozenGraph }): Promise<{ created: boolean }>;
  /** Removes a run that could not be started at all (with its idempotency record), so a retry starts clean. */
  discard(workspaceId: string, executionId: string, keyHash?: string): Promise<void>;
  get(workspaceId: string, executionId: string): Promise<Execution | undefined>;
  getWithGraph(
    workspaceId: string,
    executionId: string,
  ): Promise<{ execution: Execution; graph: FrozenGraph } | undefined>;
  /** Writes `execution` only if the stored version is `expectedVersion`; else ConflictError. */
  save(execution: Execution, expectedVersion: number): Promise<void>;
  listByCanvas(workspaceId: string, canvasId: string, page: PageQuery): Promise<Page<ExecutionSummary>>;
}

/** Starts, stops and redrives the run state machine. */
export interface WorkflowEngine {
  /**
   * `deferred`: Step Functions refused the start for now (throttled, unavailable); the run stays
   * queued in the outbox and the sweeper starts it (acceptRun marks it due at the next sweep).
   */
  start(run: { workspaceId: string; executionId: string }): Promise<'started' | 'deferred'>;
  stop(executionId: string, cause: string): Promise<void>;
  /** `missing`: no state machine execution exists under this name (the run ran inline, see runs/inline.ts). */
  redrive(executionId: string): Promise<'redriven' | 'missing'>;
}

/**
 * The run outbox: executions still `queued` — accepted or redriven, and never picked up by an engine
 * step — since before `cutoff` (ISO time), at most `limit` per index shard. Eventually consistent.
 */
export interface QueuedRunIndex {
  listQueued(cutoff: string, limit: number): Promise<{ workspaceId: string; executionId: string }[]>;
}

/**
 * What the sweeper got by resuming a queued run: `started` (it started or redrove the execution),
 * `in-progress` (the execution is already under way), `gone` (its execution closed, or no longer
 * exists, while the run never left `queued`: nothing will ever move it).
 */
export type ResumeOutcome = 'started' | 'in-progress' | 'gone';

/** Gets a queued run's state machine execution going; idempotent (the execution name is the executionId). */
export interface WorkflowResumer {
  /** Attempt 1: start the execution. Attempt n > 1: redrive it, unless Step Functions already has. */
  resume(run: { workspaceId: string; executionId: string; attempt: number }): Promise<ResumeOutcome>;
}

export interface CallbackOutcome {
  delivered: boolean;
  statusCode?: number;
  error?: string;
}

/** Sends the one result callback of a run attempt (signing and URL safety are the sender's job). */
export interface CallbackSender {
  send(url: string, payload: Record<string, unknown>): Promise<CallbackOutcome>;
}

/**
 * Asks for a finished run's pending callback to be sent soon, apart from the request that accepted it
 * (functions/core/runs/callbacks-prompt.ts). Fire and forget: resolves once the ask is handed over.
 */
export interface CallbackDispatch {
  soon(workspaceId: string, executionId: string): Promise<void>;
}

export interface WebhookRepository {
  get(workspaceId: string, canvasId: string, triggerNodeId: string): Promise<WebhookTrigger | undefined>;
  /** Writes the trigger and its secret lookup atomically; if the node has one already, returns that instead. */
  create(trigger: WebhookTrigger): Promise<{ created: true } | { created: false; existing: WebhookTrigger }>;
  /** Deletes trigger and secret lookup together: the secret stops working at once. */
  delete(trigger: Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId' | 'secretHash'>): Promise<void>;
  /** One strongly consistent GetItem by the hash of the presented secret. */
  findBySecretHash(
    secretHash: string,
  ): Promise<Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId' | 'secretHash'> | undefined>;
  listForCanvas(workspaceId: string, canvasId: string): Promise<WebhookTrigger[]>;
  recordTriggered(
    trigger: Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId'>,
    executionId: string,
    at: string,
  ): Promise<void>;
  /**
   * Replaces the trigger's provider signing secrets if they are still at `expectedVersion` (absent: 0)
   * and the trigger is still the same registration (`secretHash`); else ConflictError / NotFoundError.
   */
  putSigningSecrets(
    trigger: Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId' | 'secretHash'>,
    secrets: NonNullable<WebhookTrigger['signingSecrets']>,
    expectedVersion: number,
  ): Promise<void>;
}

/**
 * Counts calls per key in fixed windows with one atomic conditional update. Deliberately not part of
 * the run's transaction: every call to a trigger touches the same counter item, and transactions on a
 * hot item conflict (TransactionConflict) where plain updates simply serialise.
 */
export interface RateLimiter {
  hit(
    key: { workspaceId: string; name: string },
    limit: number,
    windowSeconds: number,
    now: Date,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

/** Reads the status of several executions in one round trip (for status rows). */
export interface ExecutionStatusReader {
  statuses(workspaceId: string, executionIds: readonly string[]): Promise<Record<string, string>>;
}
