// use cases: the steps the run state machine calls (Advance, Recover, Finalize), and failRun, which
// the sweeper shares with Recover for runs no engine can move any more.
import { telemetry } from '../telemetry.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { advance } from './engine.ts';
import { EXECUTORS, type ExecutorRegistry } from './executors.ts';
import { finish } from './lifecycle.ts';
import { isTerminal } from './model.ts';
import { externalize, internalize } from './blobs.ts';
import { tellRunEnded, update } from './deps.ts';
import { deliverCallbackOnce, type CallbackDeps } from './callbacks.ts';

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
 * failed at its NodeFailed state, where a redrive resumes. `webhook`: a waiting run has a job a provider
 * webhook can complete, so the state machine parks a task token (RUNWAIT item, whose TTL is
 * `waitExpiresAt`, epoch seconds: the jobs' deadline plus a margin) instead of a plain Wait; 0 otherwise.
 */
export type AdvanceResult = {
  workspaceId: string;
  executionId: string;
  status: 'waiting' | 'done' | 'failed';
  waitSeconds: number;
  notify: boolean;
  webhook: boolean;
  waitExpiresAt: number;
};

/** How long a parked wait item outlives the deadline of the jobs it waits on, before DynamoDB's TTL removes it. */
export const RUN_WAIT_TTL_MARGIN_SECONDS = 60 * 60;

const NO_WAIT = { waitSeconds: 0, webhook: false, waitExpiresAt: 0 } as const;

/**
 * The state machine's Advance step. Runs what can run now and saves it. On success → `done` (the
 * Finalize step sends the callback); waiting on a provider → `waiting`; on a node failure it sends
 * the callback itself, then answers `failed` when the workspace's node caused it (not a Lambda error:
 * a tenant cannot page on-call) and throws RunFailedError when the engine did (a bug, a store down).
 */
export async function advanceRun(
  run: { workspaceId: string; executionId: string },
  deps: CallbackDeps & { executors?: ExecutorRegistry },
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
    const ended = await update(
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
    await tellRunEnded(ended, deps);
    await deliverCallbackOnce(run.workspaceId, run.executionId, deps);
    throw new RunFailedError(message);
  }
}

async function advanceOnce(
  run: { workspaceId: string; executionId: string },
  deps: CallbackDeps & { executors?: ExecutorRegistry },
): Promise<AdvanceResult> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await deps.runs.getWithGraph(run.workspaceId, run.executionId);
    if (!loaded) throw new NotFoundError(`Execution ${run.executionId} not found`);
    const { execution, graph } = loaded;
    if (isTerminal(execution.status)) {
      // Cancelled while this step was scheduled, or a retried step after the end: nothing to do.
      return { ...run, status: 'done', ...NO_WAIT, notify: false };
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
    if (isTerminal(execution.status)) await tellRunEnded(execution, deps);
    if (outcome.status === 'failed') {
      // Counted once: the versioned save above is the one transition to failed.
      telemetry.count('RunsFailed');
      await deliverCallbackOnce(run.workspaceId, run.executionId, deps);
      if (outcome.reason === 'fault') throw new RunFailedError(execution.error?.message ?? 'A node failed');
      telemetry.count('RunsHalted');
      return { ...run, status: 'failed', ...NO_WAIT, notify: false };
    }
    const webhookUntil = outcome.status === 'waiting' ? outcome.webhookUntil : undefined;
    return {
      ...run,
      status: outcome.status === 'waiting' ? 'waiting' : 'done',
      waitSeconds: outcome.status === 'waiting' ? outcome.waitSeconds : 0,
      webhook: webhookUntil !== undefined,
      waitExpiresAt: webhookUntil ? Math.ceil(Date.parse(webhookUntil) / 1000) + RUN_WAIT_TTL_MARGIN_SECONDS : 0,
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
  deps: CallbackDeps,
): Promise<{ workspaceId: string; executionId: string }> {
  const execution = await deps.runs.get(run.workspaceId, run.executionId);
  if (!execution) throw new NotFoundError(`Execution ${run.executionId} not found`);
  // Only a redrive puts a run back to `queued` with attempt > 1.
  if (execution.status === 'queued' && execution.attempt > 1) {
    if (redriveCount >= execution.attempt - 1) return run;
    throw new RunFailedError('A redrive is waiting for this execution to close');
  }
  if (isTerminal(execution.status)) {
    // Told again: the step that ended it may have failed before it could tell (idempotent).
    await tellRunEnded(execution, deps);
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
  deps: CallbackDeps,
): Promise<void> {
  const at = deps.clock.now().toISOString();
  const ended = await update(
    run.workspaceId,
    run.executionId,
    (current) => {
      if (isTerminal(current.status)) return false;
      current.error = { nodeId: null, message };
      finish(current, 'failed', at, message);
    },
    deps,
  );
  await tellRunEnded(ended, deps);
  await deliverCallbackOnce(run.workspaceId, run.executionId, deps);
}

/** The state machine's Finalize step: the callback of a finished run. */
export async function finalizeRun(
  run: { workspaceId: string; executionId: string },
  deps: CallbackDeps,
): Promise<{ workspaceId: string; executionId: string; status: string }> {
  const execution = await deliverCallbackOnce(run.workspaceId, run.executionId, deps);
  return { ...run, status: execution?.status ?? 'unknown' };
}
