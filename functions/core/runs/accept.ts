// use case: accepting a run — POST /api/run, a webhook call, a replay of a run (issue 26: one write).
//
//   load: one BatchGet (canvas + the key's record)
//     │ the key names a run ──────────────────────────────► that run again (answerHeldKey)
//     ▼
//   claimKey: one small conditional PutItem ── held ─────► that run again (answerHeldKey)
//     │
//     ├─ instant nodes only ─► runInMemory ─► create: ONE PutItem of the finished run (inline.ts)
//     └─ anything else ──────────────────────► create: the run queued, in the outbox ─► StartExecution
//
// Claim and create are two writes, not one transaction (a transaction doubles every unit): a record
// may name a run whose item is not written yet (its request is still running it) or never will be
// (its process died). A request that finds the record without the run waits a moment for it; after
// the claim's lease — longer than any request, so the claimer has certainly ended — it records the
// run itself under the executionId the record names (create is conditioned on that id being free),
// so two requests never make two runs, and a 202 always names a run that exists.
import { telemetry } from '../telemetry.ts';
import { actorOfTrigger } from '../audit/model.ts';
import { requestActor, withAudit } from '../audit/scope.ts';
import { assertStorable } from '../storable.ts';
import { ConflictError, IdempotencyConflictError, NotFoundError } from '../errors.ts';
import type { Principal } from '../keys/api-key.ts';
import type { IdempotencyRecord } from '../ports.ts';
import {
  DERIVED_RUN_KEY_WINDOW_SECONDS,
  RUN_IDEMPOTENCY_TTL_SECONDS,
  derivedRunKey,
  idempotencyKeyHash,
  namesRun,
  replayMessage,
  runFingerprint,
} from './idempotency.ts';
import { freezeGraph, newExecution } from './lifecycle.ts';
import { freezeCalls } from '../canvas/call-graph.ts';
import type { Execution, FrozenGraph, RunTrigger } from './model.ts';
import { externalize, internalize } from './blobs.ts';
import { runInMemory, runsInline } from './inline.ts';
import { requestPromptCallback } from './callbacks-prompt.ts';
import type { RunDeps } from './deps.ts';
import { startOrDiscard } from './start.ts';

export interface RunRequest {
  canvasId: string;
  triggerNodeId: string;
  inputs: Record<string, unknown>;
  callbackUrl?: string;
  /** The caller's key; when absent, one is derived from the request (see idempotency.ts). */
  idempotencyKey?: string;
}

/** A run request's outcome, whatever transport carried it: a new run, or the run an earlier request started. */
export interface Accepted {
  executionId: string;
  /** true when this answer is the replay of an earlier request with the same key. */
  replayed: boolean;
  /** Replays of a run only: the run replayed. */
  replayOf?: string;
  /** A replay only: why this request got an earlier run, and how to run again. */
  replayMessage?: string;
  /** The run as recorded when this process ran it to its end (inline.ts); absent when it went to the state machine. */
  ran?: Execution;
}

export interface AcceptOptions {
  /** Namespace of the idempotency key (`run` for run requests, one per trigger for webhooks). @default 'run' */
  scope?: string;
  /** Derive a key from the request when the caller sends none. @default true */
  deriveKey?: boolean;
  /** What "the same request" means, when not the run fingerprint (webhooks: the raw request). */
  fingerprint?: string;
  /** How long the key's record is kept; `Infinity` keeps it for good. @default RUN_IDEMPOTENCY_TTL_SECONDS */
  ttlSeconds?: number;
  /**
   * Runs after the replay check and before anything is written, with the run about to be recorded (webhooks:
   * the rate limit, so replays are free; published servers: their limits, against the frozen graph's cost).
   */
  beforeCreate?: (run: { execution: Execution; graph: FrozenGraph }) => Promise<void>;
  /** Runs alongside StartExecution once the run exists (webhooks: record the trigger's last call). */
  afterCreate?: (executionId: string) => Promise<void>;
  /** The trigger node must exist and be of this type, or TriggerGoneError (webhook calls). */
  requireTriggerType?: Execution['nodes'][string]['type'];
}

/** The trigger a webhook names was deleted or changed type: the caller answers 404 and cleans up. */
export class TriggerGoneError extends NotFoundError {}

/**
 * How long a claimed key may name a run that is not recorded yet before another request records it:
 * longer than any route function's timeout (60 s), so the request that claimed it has certainly ended.
 */
export const CLAIM_LEASE_MS = 70_000;
/** How long a duplicate waits for the run of a key claimed a moment ago (its claimer is running it). */
const CLAIMED_RUN_WAIT_MS = 2_000;
/** A run still `queued` this long after it was accepted never reached Step Functions. */
const START_GRACE_MS = 10_000;

/** Everything needed to record a run, and to record it again under the id of a record whose run is missing. */
interface Pending {
  workspaceId: string;
  fingerprint: string;
  derived: boolean;
  build: (executionId?: string) => Promise<{ execution: Execution; graph: FrozenGraph }>;
  claim?: { keyHash: string; record: IdempotencyRecord; expiresAtEpochSeconds: number; nowEpochSeconds: number };
  afterCreate?: (executionId: string) => Promise<void>;
  /**
   * A record being taken over (its claimer died): a collision on its executionId means another request did
   * it first.
   */
  takingOver?: IdempotencyRecord;
}

export function acceptRun(
  principal: Pick<Principal, 'workspaceId'>,
  request: RunRequest,
  trigger: RunTrigger,
  deps: RunDeps,
  options: AcceptOptions = {},
): Promise<Accepted> {
  // The run's audit entry joins its execution's write (docs/audit.md). An operation (run_workflow) has
  // already declared it; a webhook call or a published server's tool call is declared here.
  const audit = {
    workspaceId: principal.workspaceId,
    action: 'run.start',
    actor: requestActor() ?? actorOfTrigger(trigger, request),
  } as const;
  return withAudit(audit, () => accept(principal, request, trigger, deps, options));
}

async function accept(
  principal: Pick<Principal, 'workspaceId'>,
  request: RunRequest,
  trigger: RunTrigger,
  deps: RunDeps,
  options: AcceptOptions,
): Promise<Accepted> {
  // Before anything walks the inputs (the fingerprint does, recursively).
  assertStorable(request.inputs, 'inputs');
  const fingerprint = options.fingerprint ?? runFingerprint(request);
  const derived = request.idempotencyKey === undefined && options.deriveKey !== false;
  const key = derived ? derivedRunKey(fingerprint) : request.idempotencyKey;
  const keyHash = key === undefined ? undefined : idempotencyKeyHash(`${options.scope ?? 'run'}:${key}`);
  const now = deps.clock.now();
  const { canvas, idempotency } = await deps.runs.loadForStart(principal.workspaceId, request.canvasId, keyHash, now);
  const build = async (executionId?: string) => {
    if (!canvas) throw new NotFoundError(`Canvas ${request.canvasId} not found`);
    // Every called canvas is frozen in too (call-graph.ts): a run never changes under its caller.
    const graph = await freezeCalls(freezeGraph(canvas, request.triggerNodeId), canvas.id, async (calleeId) => {
      const loaded = await deps.runs.loadForStart(principal.workspaceId, calleeId);
      return loaded.canvas;
    });
    const execution = newExecution({
      workspaceId: principal.workspaceId,
      canvasId: canvas.id,
      triggerNodeId: request.triggerNodeId,
      trigger,
      inputs: request.inputs,
      callbackUrl: request.callbackUrl,
      graph,
      now: deps.clock.now(),
      executionId,
    });
    return { execution, graph };
  };
  const pending: Pending = { workspaceId: principal.workspaceId, fingerprint, derived, build };
  if (idempotency && namesRun(idempotency, derived, canvas?.version)) return answerHeldKey(idempotency, pending, deps);
  if (!canvas) {
    throw options.requireTriggerType
      ? new TriggerGoneError(`Canvas ${request.canvasId} no longer exists`)
      : new NotFoundError(`Canvas ${request.canvasId} not found`);
  }
  if (options.requireTriggerType) {
    const node = canvas.nodes.find((candidate) => candidate.id === request.triggerNodeId);
    if (node?.type !== options.requireTriggerType)
      throw new TriggerGoneError(`Trigger ${request.triggerNodeId} no longer exists`);
  }
  if (canvas.archived) throw new ConflictError(`Canvas ${canvas.id} is archived; restore it before running it`);
  // Validates the trigger and the graph before anything is written or any hook runs.
  const first = await build();
  await options.beforeCreate?.(first);
  const ttlSeconds = options.ttlSeconds ?? (derived ? DERIVED_RUN_KEY_WINDOW_SECONDS : RUN_IDEMPOTENCY_TTL_SECONDS);
  return record(
    first,
    {
      ...pending,
      claim: claimOf(keyHash, first.execution, fingerprint, ttlSeconds, deps, derived ? canvas.version : undefined),
      afterCreate: options.afterCreate,
    },
    deps,
  );
}

/**
 * A new run of the same frozen graph and inputs. With an idempotency key, a retried replay request
 * answers with the run the first one started.
 */
export async function replayRun(
  principal: Principal,
  executionId: string,
  deps: RunDeps,
  idempotencyKey?: string,
): Promise<Accepted> {
  const original = await deps.runs.getWithGraph(principal.workspaceId, executionId);
  if (!original) throw new NotFoundError(`Execution ${executionId} not found`);
  // The new run owns copies of the original's large values.
  await internalize(original.execution, deps.blobs);
  const build = async (newExecutionId?: string) => ({
    graph: original.graph,
    execution: newExecution({
      workspaceId: principal.workspaceId,
      canvasId: original.execution.canvasId,
      triggerNodeId: original.execution.triggerNodeId,
      trigger:
        original.execution.trigger.kind === 'webhook'
          ? original.execution.trigger
          : { kind: 'replay', replayOf: executionId },
      inputs: structuredClone(original.execution.inputs),
      callbackUrl: original.execution.callback?.url,
      graph: original.graph,
      now: deps.clock.now(),
      executionId: newExecutionId,
    }),
  });
  const fingerprint = idempotencyKeyHash(`replay-of:${executionId}`);
  const keyHash = idempotencyKey === undefined ? undefined : idempotencyKeyHash(`replay:${idempotencyKey}`);
  const first = await build();
  const claim = claimOf(
    keyHash,
    first.execution,
    fingerprint,
    RUN_IDEMPOTENCY_TTL_SECONDS,
    deps,
    undefined,
    executionId,
  );
  const accepted = await record(
    first,
    { workspaceId: principal.workspaceId, fingerprint, derived: false, build, claim },
    deps,
  );
  return { ...accepted, replayOf: executionId };
}

function claimOf(
  keyHash: string | undefined,
  execution: Execution,
  fingerprint: string,
  ttlSeconds: number,
  deps: Pick<RunDeps, 'clock'>,
  canvasVersion?: number,
  replayOf?: string,
): Pending['claim'] {
  if (keyHash === undefined) return undefined;
  const nowEpochSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  return {
    keyHash,
    record: {
      fingerprint,
      executionId: execution.executionId,
      createdAt: execution.createdAt,
      ...(canvasVersion === undefined ? {} : { canvasVersion }),
      ...(replayOf === undefined ? {} : { replayOf }),
    },
    expiresAtEpochSeconds: nowEpochSeconds + ttlSeconds,
    nowEpochSeconds,
  };
}

/** Claims the key, then records the run (see the sketch at the top) and gets it going. */
async function record(
  run: { execution: Execution; graph: FrozenGraph },
  pending: Pending,
  deps: RunDeps,
): Promise<Accepted> {
  const { claim } = pending;
  if (claim) {
    const claimed = await deps.runs.claimKey(pending.workspaceId, claim);
    if (!claimed.claimed) return answerHeldKey(claimed.existing, pending, deps);
  }
  return create(run, pending, deps);
}

/** Writes the run (finished, when this process can run it) and starts what is left. */
async function create(
  { execution, graph }: { execution: Execution; graph: FrozenGraph },
  pending: Pending,
  deps: RunDeps,
): Promise<Accepted> {
  const ranHere = deps.inlineRuns?.() === true && runsInline(graph, deps.executors);
  const queued = structuredClone(execution);
  if (ranHere) {
    try {
      await runInMemory(execution, graph, deps);
    } catch (error) {
      // An engine fault (a bug): the state machine, with its retries and Recover, gets the run instead.
      telemetry.warn('Inline run failed; starting it on the state machine', {
        executionId: execution.executionId,
        error: String(error),
      });
      return create({ execution: queued, graph }, pending, { ...deps, inlineRuns: () => false });
    }
  } else {
    await externalize(execution, deps.blobs);
  }
  let created: boolean;
  try {
    ({ created } = await deps.runs.create({ execution, graph }));
  } catch (error) {
    // Nothing recorded: give the key back, so a retry starts clean (best effort; else the lease passes).
    if (pending.claim)
      await deps.runs.discard(pending.workspaceId, execution.executionId, pending.claim.keyHash).catch(() => {});
    throw error;
  }
  // Only a request taking over the same record writes the same id: the run is theirs, answer it.
  const holder = pending.claim?.record ?? pending.takingOver;
  if (!created && holder) return answerHeldKey(holder, { ...pending, claim: undefined, takingOver: undefined }, deps);
  if (!created) throw new ConflictError(`Execution ${execution.executionId} exists already`);
  telemetry.count('RunsAccepted');
  telemetry.tag({ executionId: execution.executionId });
  const [started] = await Promise.all([
    ranHere ? Promise.resolve(execution) : startOrDiscard(execution, deps, pending.claim?.keyHash),
    pending.afterCreate?.(execution.executionId),
    // Finished here with a callback URL: sent within about a second, not at the next sweep (never throws).
    ranHere ? requestPromptCallback(execution, deps.callbackDispatch) : undefined,
  ]);
  return { executionId: execution.executionId, replayed: false, ...(started ? { ran: started } : {}) };
}

/**
 * A key that names a run: that run again, saying in the answer that it is a replay. If the run is not
 * recorded yet, waits a moment for the request that claimed the key; after the claim's lease, records
 * it here (see the sketch at the top). If the run was recorded but its start never happened (the
 * accepting process died in between), starts it: the start is idempotent (named by the executionId).
 */
async function answerHeldKey(record: IdempotencyRecord, pending: Pending, deps: RunDeps): Promise<Accepted> {
  if (record.fingerprint !== pending.fingerprint) {
    throw new IdempotencyConflictError(
      'This idempotency key was used for a different request; use a new key for a new run',
    );
  }
  telemetry.tag({ executionId: record.executionId });
  const ageMs = () => deps.clock.now().getTime() - Date.parse(record.createdAt);
  let execution = await deps.runs.get(pending.workspaceId, record.executionId);
  for (let waited = 0; !execution && ageMs() < CLAIM_LEASE_MS && waited < CLAIMED_RUN_WAIT_MS; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    execution = await deps.runs.get(pending.workspaceId, record.executionId);
  }
  if (!execution) {
    if (ageMs() < CLAIM_LEASE_MS)
      throw new ConflictError('A request with this idempotency key is still being accepted; retry in a few seconds');
    // The request that claimed the key ended without recording its run: record it, under the same id.
    return create(await pending.build(record.executionId), { ...pending, claim: undefined, takingOver: record }, deps);
  }
  if (ageMs() > START_GRACE_MS && execution.status === 'queued' && execution.attempt === 1)
    await deps.engine.start({ workspaceId: pending.workspaceId, executionId: record.executionId });
  const replayOf = record.replayOf ?? (typeof record.body?.replayOf === 'string' ? record.body.replayOf : undefined);
  return {
    executionId: record.executionId,
    replayed: true,
    ...(replayOf ? { replayOf } : {}),
    replayMessage: replayMessage(pending.derived, Math.max(0, Math.round(ageMs() / 1000))),
  };
}
