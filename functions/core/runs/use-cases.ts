// use cases: accept, observe and control runs; and the two steps the run state machine calls.
import { telemetry } from '../telemetry.ts';
import { assertStorable } from '../storable.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import type { Page, PageQuery } from '../pagination.ts';
import type { CallbackSender, IdempotencyRecord, RunRepository, WorkflowEngine } from '../ports.ts';
import { advance } from './engine.ts';
import { EXECUTORS, type ExecutorRegistry } from './executors.ts';
import {
  DERIVED_RUN_KEY_WINDOW_SECONDS,
  RUN_IDEMPOTENCY_TTL_SECONDS,
  derivedRunKey,
  idempotencyKeyHash,
  namesRun,
  replayMessage,
  runFingerprint,
} from './idempotency.ts';
import { finish, freezeGraph, newExecution, prepareRedrive, undoRedrive, assertCancellable } from './lifecycle.ts';
import { isTerminal, type Execution, type ExecutionSummary, type FrozenGraph, type RunTrigger } from './model.ts';
import { CALLBACK_INLINE_BYTES, externalize, internalize, present, type BlobStore } from './blobs.ts';
import { runInline, runsInline } from './inline.ts';

export interface RunDeps {
  runs: RunRepository;
  engine: WorkflowEngine;
  clock: Clock;
  /** Where values too large for the execution item live (see blobs.ts). */
  blobs: BlobStore;
  /**
   * Whether a run that needs no state machine (inline.ts: instant nodes only, no callback URL) is run
   * by the process that accepts it. Asked once per run. @default never — every run is started on the
   * state machine
   */
  inlineRuns?: () => boolean;
  /** @default EXECUTORS */
  executors?: ExecutorRegistry;
}

/** A provider job a node was waiting on when its run was cancelled. */
export interface WaitingJob {
  nodeId: string;
  nodeType: string;
  jobId: string;
}

/** Stops the provider jobs of a cancelled run and gives back their credit holds (best effort). */
export interface ProviderJobCanceller {
  cancel(workspaceId: string, jobs: readonly WaitingJob[]): Promise<void>;
}

export interface RunRequest {
  canvasId: string;
  triggerNodeId: string;
  inputs: Record<string, unknown>;
  callbackUrl?: string;
  /** The caller's key; when absent, one is derived from the request (see idempotency.ts). */
  idempotencyKey?: string;
}

export interface Accepted {
  executionId: string;
  /** true when this answer is the replay of an earlier request with the same key. */
  replayed: boolean;
  statusCode: number;
  body: Record<string, unknown>;
  /** The run as saved when this process ran it to its end (inline.ts); absent when it was started on the state machine. */
  ran?: Execution;
}

const ACCEPTED_MESSAGE = 'Run accepted; poll GET /api/executions?executionId=… for its status';

export interface AcceptOptions {
  /** Namespace of the idempotency key (`run` for POST /api/run, one per trigger for webhooks). @default 'run' */
  scope?: string;
  /** Derive a key from the request when the caller sends none. @default true */
  deriveKey?: boolean;
  /** What "the same request" means, when not the run fingerprint (webhooks: the raw request). */
  fingerprint?: string;
  /** @default RUN_IDEMPOTENCY_TTL_SECONDS */
  ttlSeconds?: number;
  /** Runs after the replay check and before anything is written (webhooks: the rate limit, so replays are free). */
  beforeCreate?: () => Promise<void>;
  /** Runs alongside StartExecution once the run exists (webhooks: record the trigger's last call). */
  afterCreate?: (executionId: string) => Promise<void>;
  /** The trigger node must exist and be of this type, or TriggerGoneError (webhook calls). */
  requireTriggerType?: Execution['nodes'][string]['type'];
}

/** The trigger a webhook names was deleted or changed type: the caller answers 404 and cleans up. */
export class TriggerGoneError extends NotFoundError {}

/**
 * Accepts a run: one BatchGet (canvas + idempotency record), one transaction (idempotency record +
 * execution + frozen graph), one StartExecution. A duplicate — even one racing this request — gets
 * the same executionId back and never starts a second run.
 */
export async function acceptRun(
  principal: Pick<Principal, 'workspaceId'>,
  request: RunRequest,
  trigger: RunTrigger,
  deps: RunDeps,
  options: AcceptOptions = {},
): Promise<Accepted> {
  // Before anything walks the inputs (the fingerprint does, recursively).
  assertStorable(request.inputs, 'inputs');
  const fingerprint = options.fingerprint ?? runFingerprint(request);
  const scope = options.scope ?? 'run';
  const derived = request.idempotencyKey === undefined && options.deriveKey !== false;
  const key = derived ? derivedRunKey(fingerprint) : request.idempotencyKey;
  const keyHash = key === undefined ? undefined : idempotencyKeyHash(`${scope}:${key}`);
  const { canvas, idempotency } = await deps.runs.loadForStart(
    principal.workspaceId,
    request.canvasId,
    keyHash,
    deps.clock.now(),
  );
  if (idempotency && namesRun(idempotency, derived, canvas?.version))
    return replayAndRestart(principal.workspaceId, idempotency, fingerprint, deps, derived);
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

  await options.beforeCreate?.();
  const now = deps.clock.now();
  const graph = freezeGraph(canvas, request.triggerNodeId);
  const execution = newExecution({
    workspaceId: principal.workspaceId,
    canvasId: canvas.id,
    triggerNodeId: request.triggerNodeId,
    trigger,
    inputs: request.inputs,
    callbackUrl: request.callbackUrl,
    graph,
    now,
  });
  await externalize(execution, deps.blobs);
  const body = { ok: true, executionId: execution.executionId, message: ACCEPTED_MESSAGE };
  const record = {
    fingerprint,
    executionId: execution.executionId,
    statusCode: 202,
    body,
    createdAt: now.toISOString(),
    ...(derived ? { canvasVersion: canvas.version } : {}),
  };
  const ttlSeconds = options.ttlSeconds ?? (derived ? DERIVED_RUN_KEY_WINDOW_SECONDS : RUN_IDEMPOTENCY_TTL_SECONDS);
  const nowEpochSeconds = Math.floor(now.getTime() / 1000);
  const created = await deps.runs.create({
    execution,
    graph,
    ...(keyHash
      ? { idempotency: { keyHash, record, expiresAtEpochSeconds: nowEpochSeconds + ttlSeconds, nowEpochSeconds } }
      : {}),
  });
  if (!created.created) return replayAndRestart(principal.workspaceId, created.existing, fingerprint, deps, derived);
  telemetry.count('RunsAccepted');
  telemetry.tag({ executionId: execution.executionId });

  const [ran] = await Promise.all([
    launch(execution, graph, deps, keyHash),
    options.afterCreate?.(execution.executionId),
  ]);
  return { executionId: execution.executionId, replayed: false, statusCode: 202, body, ...(ran ? { ran } : {}) };
}

/** A run still `queued` this long after it was accepted never reached Step Functions. */
const START_GRACE_MS = 10_000;

/**
 * A replay answers with the original run. If that run was recorded but its start never happened (the
 * accepting Lambda died in between), starting it now is what the original request promised; the
 * start is idempotent (the execution name is the executionId).
 */
async function replayAndRestart(
  workspaceId: string,
  record: IdempotencyRecord,
  fingerprint: string,
  deps: RunDeps,
  derived = false,
): Promise<Accepted> {
  const answer = replay(record, fingerprint, derived, deps.clock.now());
  telemetry.tag({ executionId: record.executionId });
  if (deps.clock.now().getTime() - Date.parse(record.createdAt) > START_GRACE_MS) {
    const execution = await deps.runs.get(workspaceId, record.executionId);
    if (execution?.status === 'queued' && execution.attempt === 1)
      await deps.engine.start({ workspaceId, executionId: record.executionId });
  }
  return answer;
}

/** The original answer again, saying in the body (not only in a header) that it is a replay. */
function replay(record: IdempotencyRecord, fingerprint: string, derived: boolean, now: Date): Accepted {
  if (record.fingerprint !== fingerprint) {
    throw new ConflictError('This idempotency key was used for a different request; use a new key for a new run');
  }
  const ageSeconds = Math.max(0, Math.round((now.getTime() - Date.parse(record.createdAt)) / 1000));
  const body = { ...record.body, replayed: true, message: replayMessage(derived, ageSeconds) };
  return { executionId: record.executionId, replayed: true, statusCode: record.statusCode, body };
}

/**
 * Gets a just-recorded run going: runs it here when it needs no state machine and the deployment
 * allows it (inline.ts; answers the saved run), else starts its state machine execution. A run whose
 * inline step could not be saved is still queued: the state machine gets it instead.
 */
async function launch(
  execution: Execution,
  graph: FrozenGraph,
  deps: RunDeps,
  keyHash?: string,
): Promise<Execution | undefined> {
  if (deps.inlineRuns?.() && runsInline(execution, graph, deps.executors)) {
    try {
      return await runInline(execution, graph, deps);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'warn',
          message: 'Inline run could not be saved; starting it on the state machine',
          executionId: execution.executionId,
          error: String(error),
        }),
      );
    }
  }
  await startOrDiscard(execution, deps, keyHash);
  return undefined;
}

/**
 * Starts the state machine. A start Step Functions refused for now (throttled, unavailable) leaves the
 * run queued in the outbox, marked so the sweeper's next pass starts it without waiting out the stall
 * threshold; any other failure removes the run (and its key), so a retry starts clean.
 */
async function startOrDiscard(execution: Execution, deps: RunDeps, keyHash?: string): Promise<void> {
  let started: 'started' | 'deferred';
  try {
    started = await deps.engine.start({ workspaceId: execution.workspaceId, executionId: execution.executionId });
  } catch (error) {
    await deps.runs.discard(execution.workspaceId, execution.executionId, keyHash);
    throw error;
  }
  if (started === 'deferred') await markStartDeferred(execution.workspaceId, execution.executionId, deps);
}

/**
 * Marks a queued run whose start Step Functions refused for now: the sweeper takes it at its next pass
 * (model.ts queuedSince). If even this write fails, the run is still in the outbox under its own time
 * and is started once the stall threshold has passed: nothing is lost either way.
 */
async function markStartDeferred(
  workspaceId: string,
  executionId: string,
  deps: Pick<RunDeps, 'runs' | 'clock'>,
): Promise<void> {
  const at = deps.clock.now().toISOString();
  try {
    await update(
      workspaceId,
      executionId,
      (execution) => {
        if (execution.status !== 'queued' || execution.startDeferredAt) return false;
        execution.startDeferredAt = at;
      },
      deps,
    );
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'warn',
        message: 'Could not mark a deferred start; the sweeper starts the run after the stall threshold',
        executionId,
        error: String(error),
      }),
    );
  }
}

export async function getExecution(
  principal: Principal,
  executionId: string,
  deps: Pick<RunDeps, 'runs'>,
): Promise<Execution> {
  const execution = await deps.runs.get(principal.workspaceId, executionId);
  if (!execution) throw new NotFoundError(`Execution ${executionId} not found`);
  return execution;
}

/** Polls until the run is terminal or `timeoutMs` passes; returns the latest state either way. */
export async function waitForExecution(
  principal: Principal,
  executionId: string,
  timeoutMs: number,
  deps: Pick<RunDeps, 'runs'> & { sleep: (ms: number) => Promise<void>; nowMs: () => number },
): Promise<Execution> {
  const deadline = deps.nowMs() + timeoutMs;
  // Instant-node runs finish in tens of milliseconds: look early, then back off.
  let delay = 15;
  for (;;) {
    const execution = await getExecution(principal, executionId, deps);
    const remaining = deadline - deps.nowMs();
    if (isTerminal(execution.status) || remaining <= 0) return execution;
    await deps.sleep(Math.min(delay, remaining));
    // Short runs answer fast; long ones cost at most a few reads a second.
    delay = Math.min(delay * 2, 500);
  }
}

export function listCanvasExecutions(
  principal: Principal,
  canvasId: string,
  page: PageQuery,
  deps: Pick<RunDeps, 'runs'>,
): Promise<Page<ExecutionSummary>> {
  return deps.runs.listByCanvas(principal.workspaceId, canvasId, page);
}

/**
 * Saves with the version read; on a lost race, reloads and re-applies (the change is re-validated).
 * A change that returns `false` found nothing to do: nothing is written.
 */
async function update(
  workspaceId: string,
  executionId: string,
  change: (execution: Execution) => void | false,
  deps: Pick<RunDeps, 'runs'>,
): Promise<Execution> {
  for (let attempt = 1; ; attempt++) {
    const execution = await deps.runs.get(workspaceId, executionId);
    if (!execution) throw new NotFoundError(`Execution ${executionId} not found`);
    const version = execution.version;
    if (change(execution) === false) return execution;
    execution.version = version + 1;
    try {
      await deps.runs.save(execution, version);
      return execution;
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= 5) throw error;
    }
  }
}

/** Stops the state machine, records `cancelled` and sends the callback once. */
export async function cancelRun(
  principal: Principal,
  executionId: string,
  deps: RunDeps & { callbacks: CallbackSender; providerJobs?: ProviderJobCanceller },
): Promise<Execution> {
  const now = deps.clock.now().toISOString();
  let waiting: WaitingJob[] = [];
  const cancelled = await update(
    principal.workspaceId,
    executionId,
    (execution) => {
      assertCancellable(execution.status, executionId);
      // The jobs the run was waiting on (finish() forgets them): stopped below, their holds released.
      waiting = Object.entries(execution.nodes)
        .filter(([, state]) => state.status === 'waiting' && state.job)
        .map(([nodeId, state]) => ({ nodeId, nodeType: state.type, jobId: state.job!.id }));
      finish(execution, 'cancelled', now, 'cancelled by request');
    },
    deps,
  );
  if (waiting.length > 0 && deps.providerJobs) {
    await deps.providerJobs.cancel(principal.workspaceId, waiting).catch((error: unknown) => {
      // The run is cancelled either way; an open hold is released by the hold sweeper when it expires.
      telemetry.warn('Could not cancel the provider jobs of a cancelled run', { executionId, error: String(error) });
    });
  }
  try {
    await deps.engine.stop(executionId, 'Cancelled by request');
  } catch (error) {
    // The table is the truth and says `cancelled`: an execution that could not be stopped ends at its
    // next Advance, which finds a terminal run. The request succeeded; the stop failure is logged.
    telemetry.warn('StopExecution failed; the run ends at its next step', { executionId, error: String(error) });
  }
  return (await deliverCallbackOnce(principal.workspaceId, executionId, deps)) ?? cancelled;
}

/** A new run of the same frozen graph and inputs. */
/**
 * A new run of the same frozen graph and inputs. With an idempotency key, a retried replay request
 * answers with the run the first one started (the key is claimed in the creating transaction, which
 * hands back the holder on a conflict: no extra read).
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
  const execution = newExecution({
    workspaceId: principal.workspaceId,
    canvasId: original.execution.canvasId,
    triggerNodeId: original.execution.triggerNodeId,
    trigger:
      original.execution.trigger.kind === 'webhook'
        ? original.execution.trigger
        : { kind: 'replay', replayOf: executionId },
    inputs: original.execution.inputs,
    callbackUrl: original.execution.callback?.url,
    graph: original.graph,
    now: deps.clock.now(),
  });
  await externalize(execution, deps.blobs);
  const body = { ok: true, executionId: execution.executionId, replayOf: executionId, message: ACCEPTED_MESSAGE };
  const fingerprint = idempotencyKeyHash(`replay-of:${executionId}`);
  const keyHash = idempotencyKey === undefined ? undefined : idempotencyKeyHash(`replay:${idempotencyKey}`);
  const now = deps.clock.now();
  const created = await deps.runs.create({
    execution,
    graph: original.graph,
    ...(keyHash
      ? {
          idempotency: {
            keyHash,
            record: {
              fingerprint,
              executionId: execution.executionId,
              statusCode: 202,
              body,
              createdAt: now.toISOString(),
            },
            expiresAtEpochSeconds: Math.floor(now.getTime() / 1000) + RUN_IDEMPOTENCY_TTL_SECONDS,
            nowEpochSeconds: Math.floor(now.getTime() / 1000),
          },
        }
      : {}),
  });
  if (!created.created) return replayAndRestart(principal.workspaceId, created.existing, fingerprint, deps);
  telemetry.count('RunsAccepted');
  telemetry.tag({ executionId: execution.executionId });
  const ran = await launch(execution, original.graph, deps, keyHash);
  return { executionId: execution.executionId, replayed: false, statusCode: 202, body, ...(ran ? { ran } : {}) };
}

/**
 * Resumes a failed run at its failed node: Step Functions redrive of the same execution, or — for a run
 * that never had one because it ran inline — the redriven attempt run inline again. Answers the run as
 * it stands then (queued, or already finished when it ran here).
 */
export async function redriveRun(principal: Principal, executionId: string, deps: RunDeps): Promise<Execution> {
  const now = deps.clock.now().toISOString();
  let before: Execution | undefined;
  const execution = await update(
    principal.workspaceId,
    executionId,
    (current) => {
      before = structuredClone(current);
      prepareRedrive(current, now);
    },
    deps,
  );
  const undo = () =>
    update(
      principal.workspaceId,
      executionId,
      (current) => undoRedrive(current, before!, deps.clock.now().toISOString()),
      deps,
    );
  let redriven: 'redriven' | 'missing';
  try {
    redriven = await deps.engine.redrive(executionId);
  } catch (error) {
    // The state machine did not take the redrive: put the run back as it was (failed), so it is never
    // left `queued` with nothing to run it. Fields written meanwhile (the callback outcome) are kept.
    await undo();
    throw error;
  }
  if (redriven === 'redriven') return execution;
  // No state machine execution: the run ran inline, so its redrive does too. If this process dies
  // before the save, the sweeper finds the attempt queued with no execution and records it failed
  // ("redrive the run to retry"): never stuck.
  const loaded = await deps.runs.getWithGraph(principal.workspaceId, executionId);
  if (!loaded || !runsInline(loaded.execution, loaded.graph, deps.executors)) {
    await undo();
    throw new ConflictError(`Execution ${executionId} has no state machine execution to redrive`);
  }
  return runInline(loaded.execution, loaded.graph, deps);
}

/**
 * Thrown by the engine's steps when the engine itself failed (a bug, a store refusing), so the Lambda
 * invocation fails — a Lambda error, which pages — and the state machine's Recover step takes over.
 */
export class RunFailedError extends Error {
  override readonly name = 'RunFailed';
}

/**
 * `notify`: the run has a callback to send, so the state machine goes on to Finalize. `failed`: a node
 * failed on the workspace's own input (recorded, callback sent): the state machine ends the execution
 * failed at its NodeFailed state, where a redrive resumes.
 */
export type AdvanceResult = {
  workspaceId: string;
  executionId: string;
  status: 'waiting' | 'done' | 'failed';
  waitSeconds: number;
  notify: boolean;
};

/**
 * The state machine's Advance step. Runs what can run now and saves it. On success → `done` (the
 * Finalize step sends the callback); waiting on a provider → `waiting`; on a node failure it sends
 * the callback itself, then answers `failed` when the workspace's node caused it (not a Lambda error:
 * a tenant cannot page on-call) and throws RunFailedError when the engine did (a bug, a store down).
 */
export async function advanceRun(
  run: { workspaceId: string; executionId: string },
  deps: Pick<RunDeps, 'runs' | 'clock' | 'blobs'> & { callbacks: CallbackSender; executors?: ExecutorRegistry },
): Promise<AdvanceResult> {
  try {
    return await advanceOnce(run, deps);
  } catch (error) {
    if (error instanceof RunFailedError || error instanceof NotFoundError) throw error;
    // Anything else (a store refusing a write, a bug) must not leave the run `running` forever while
    // its state machine has failed: record the failure and send the callback, then fail this step so
    // a redrive can retry it. The details stay in the log; the run shows a generic message.
    telemetry.error('Engine step failed', { executionId: run.executionId, error: String(error) });
    const message = 'The run engine failed unexpectedly; redrive the run to retry';
    const at = deps.clock.now().toISOString();
    let failedNow = false;
    await update(
      run.workspaceId,
      run.executionId,
      (execution) => {
        failedNow = false;
        if (isTerminal(execution.status)) return;
        execution.error = { nodeId: null, message };
        finish(execution, 'failed', at, message);
        failedNow = true;
      },
      deps,
    );
    if (failedNow) telemetry.count('RunsFailed');
    await deliverCallbackOnce(run.workspaceId, run.executionId, deps);
    throw new RunFailedError(message);
  }
}

async function advanceOnce(
  run: { workspaceId: string; executionId: string },
  deps: Pick<RunDeps, 'runs' | 'clock' | 'blobs'> & { callbacks: CallbackSender; executors?: ExecutorRegistry },
): Promise<AdvanceResult> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await deps.runs.getWithGraph(run.workspaceId, run.executionId);
    if (!loaded) throw new NotFoundError(`Execution ${run.executionId} not found`);
    const { execution, graph } = loaded;
    if (isTerminal(execution.status)) {
      // Cancelled while this step was scheduled, or a retried step after the end: nothing to do.
      return { ...run, status: 'done', waitSeconds: 0, notify: false };
    }
    const version = execution.version;
    const now = () => deps.clock.now().toISOString();
    const loadedBlobs = await internalize(execution, deps.blobs);
    const outcome = await advance(execution, graph, deps.executors ?? EXECUTORS, now);
    if (outcome.status === 'succeeded') finish(execution, 'succeeded', now());
    if (outcome.status === 'failed') finish(execution, 'failed', now(), execution.error?.message);
    execution.updatedAt = now();
    execution.version = version + 1;
    await externalize(execution, deps.blobs, loadedBlobs);
    try {
      await deps.runs.save(execution, version);
    } catch (error) {
      // Lost to a cancel (or another writer): re-read and decide again.
      if (error instanceof ConflictError && attempt < 3) continue;
      throw error;
    }
    if (outcome.status === 'failed') {
      // Counted once: the versioned save above is the one transition to failed.
      telemetry.count('RunsFailed');
      await deliverCallbackOnce(run.workspaceId, run.executionId, deps);
      if (outcome.reason === 'fault') throw new RunFailedError(execution.error?.message ?? 'A node failed');
      telemetry.count('RunsHalted');
      return { ...run, status: 'failed', waitSeconds: 0, notify: false };
    }
    return {
      ...run,
      status: outcome.status === 'waiting' ? 'waiting' : 'done',
      waitSeconds: outcome.status === 'waiting' ? outcome.waitSeconds : 0,
      // A run without a callback URL ends here: no Finalize invocation, no extra reads.
      notify: outcome.status !== 'waiting' && execution.callback !== null,
    };
  }
}

export const ENGINE_FAILED = 'The run engine failed (a step timed out or crashed); redrive the run to retry';

/**
 * The state machine's Recover step, reached whenever Advance failed: after a node failure (already
 * recorded, callback sent) or when the step itself timed out or crashed, which its own code could not
 * catch. It makes sure the run reads `failed` and its callback went out, then fails — so the execution
 * fails here, and a redrive resumes here:
 *
 *   queued by a redrive, and this is that redrive ──► return: back to Advance
 *   queued by a redrive still waiting for this execution to close ──► throw RunFailed, touch nothing
 *   anything else ──► record failed (unless terminal), send the callback once, throw RunFailed
 *
 * `redriveCount` is Step Functions' own count for this execution: attempt n is redrive n − 1.
 */
export async function recoverRun(
  run: { workspaceId: string; executionId: string },
  redriveCount: number,
  deps: Pick<RunDeps, 'runs' | 'clock' | 'blobs'> & { callbacks: CallbackSender },
): Promise<{ workspaceId: string; executionId: string }> {
  const execution = await deps.runs.get(run.workspaceId, run.executionId);
  if (!execution) throw new NotFoundError(`Execution ${run.executionId} not found`);
  // Only a redrive puts a run back to `queued` with attempt > 1.
  if (execution.status === 'queued' && execution.attempt > 1) {
    if (redriveCount >= execution.attempt - 1) return run;
    throw new RunFailedError('A redrive is waiting for this execution to close');
  }
  if (isTerminal(execution.status)) {
    await deliverCallbackOnce(run.workspaceId, run.executionId, deps);
    throw new RunFailedError(execution.error?.message ?? ENGINE_FAILED);
  }
  await failRun(run, ENGINE_FAILED, deps);
  throw new RunFailedError(ENGINE_FAILED);
}

/**
 * Records a live run `failed` with an engine message (a terminal run is left as it is) and sends its
 * callback once. For runs the engine can no longer drive: Recover, and the sweeper's orphans.
 */
export async function failRun(
  run: { workspaceId: string; executionId: string },
  message: string,
  deps: Pick<RunDeps, 'runs' | 'clock' | 'blobs'> & { callbacks: CallbackSender },
): Promise<void> {
  const at = deps.clock.now().toISOString();
  await update(
    run.workspaceId,
    run.executionId,
    (current) => {
      if (isTerminal(current.status)) return false;
      current.error = { nodeId: null, message };
      finish(current, 'failed', at, message);
    },
    deps,
  );
  await deliverCallbackOnce(run.workspaceId, run.executionId, deps);
}

/** The state machine's Finalize step: the callback of a finished run. */
export async function finalizeRun(
  run: { workspaceId: string; executionId: string },
  deps: Pick<RunDeps, 'runs' | 'clock' | 'blobs'> & { callbacks: CallbackSender },
): Promise<{ workspaceId: string; executionId: string; status: string }> {
  const execution = await deliverCallbackOnce(run.workspaceId, run.executionId, deps);
  return { ...run, status: execution?.status ?? 'unknown' };
}

/** What the callback carries: results and asset URLs, never media bytes. */
export function callbackPayload(execution: Execution): Record<string, unknown> {
  return {
    executionId: execution.executionId,
    canvasId: execution.canvasId,
    workspaceId: execution.workspaceId,
    status: execution.status,
    attempt: execution.attempt,
    createdAt: execution.createdAt,
    startedAt: execution.startedAt,
    finishedAt: execution.finishedAt,
    result: execution.result,
    outputs: execution.outputs,
    error: execution.error,
  };
}

/**
 * Claims the callback of the current attempt with a versioned write, then sends it and records the
 * outcome. A retried step finds the claim and sends nothing: one POST per terminal state.
 * Returns the execution as last saved, or undefined when there is nothing to send.
 */
export async function deliverCallbackOnce(
  workspaceId: string,
  executionId: string,
  deps: Pick<RunDeps, 'runs' | 'clock' | 'blobs'> & { callbacks: CallbackSender },
): Promise<Execution | undefined> {
  let claimed: Execution | undefined;
  try {
    claimed = await update(
      workspaceId,
      executionId,
      (execution) => {
        if (!execution.callback || !isTerminal(execution.status) || execution.callback.attempt === execution.attempt) {
          throw new AlreadyHandled(execution);
        }
        execution.callback = {
          ...execution.callback,
          attempt: execution.attempt,
          delivered: null,
          statusCode: null,
          error: null,
          at: null,
        };
      },
      deps,
    );
  } catch (error) {
    if (error instanceof AlreadyHandled) return error.execution;
    throw error;
  }
  // Large values travel as download URLs: a callback stays small whatever the run produced.
  const outcome = await deps.callbacks.send(
    claimed.callback!.url,
    await present(callbackPayload(claimed), deps.blobs, claimed, CALLBACK_INLINE_BYTES),
  );
  telemetry.count(outcome.delivered ? 'CallbacksDelivered' : 'CallbacksFailed');
  // The URL stays out of the line: a caller may have put a token in it.
  if (!outcome.delivered)
    telemetry.info('Callback not delivered', { executionId, statusCode: outcome.statusCode, error: outcome.error });
  const at = deps.clock.now().toISOString();
  return update(
    workspaceId,
    executionId,
    (execution) => {
      execution.callback = {
        ...execution.callback!,
        delivered: outcome.delivered,
        statusCode: outcome.statusCode ?? null,
        error: outcome.error ?? null,
        at,
      };
      execution.timeline.push({
        at,
        type: outcome.delivered ? 'callback.delivered' : 'callback.failed',
        message: outcome.error ?? (outcome.statusCode ? `HTTP ${outcome.statusCode}` : undefined),
      });
    },
    deps,
  );
}

/** Nothing to send; carries the execution that was read, so the caller needs no second read. */
class AlreadyHandled extends Error {
  constructor(readonly execution: Execution) {
    super('callback already handled');
  }
}
