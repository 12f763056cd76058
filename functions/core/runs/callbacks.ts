// use case: a finished run's callback — claimed with a versioned write, then sent, then its outcome
// recorded: at most one POST per attempt. Called by every path that ends a run or finds it ended: the
// state machine's steps, cancel, and the run outbox's sweeper (the path of runs with no state machine).
import { telemetry } from '../telemetry.ts';
import type { CallbackSender } from '../ports.ts';
import { isTerminal, type Execution } from './model.ts';
import { CALLBACK_INLINE_BYTES, present } from './blobs.ts';
import { update, type RunDeps } from './deps.ts';

export type CallbackDeps = Pick<RunDeps, 'runs' | 'clock' | 'blobs' | 'runEnded'> & { callbacks: CallbackSender };

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
 * outcome. A retried step finds the claim and sends nothing: one POST per terminal state. The claim
 * also takes the run out of the outbox (model.ts callbackPending).
 * Returns the execution as last saved, or undefined when there is nothing to send.
 */
export async function deliverCallbackOnce(
  workspaceId: string,
  executionId: string,
  deps: CallbackDeps,
  read?: Execution,
): Promise<Execution | undefined> {
  return (await sendCallbackOnce(workspaceId, executionId, deps, read)).execution;
}

/**
 * deliverCallbackOnce, saying whether this call sent the callback (`sent`) or found it handled already.
 * `read`: the run as the caller just read it (handed over), so the claim needs no read of its own; the
 * outcome is written on the version the claim saved. A stale copy costs a conflict and a re-read.
 */
export async function sendCallbackOnce(
  workspaceId: string,
  executionId: string,
  deps: CallbackDeps,
  read?: Execution,
): Promise<{ execution: Execution | undefined; sent: boolean }> {
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
      read,
    );
  } catch (error) {
    if (error instanceof AlreadyHandled) return { execution: error.execution, sent: false };
    throw error;
  }
  // Large values travel as download URLs: a callback stays small whatever the run produced.
  const outcome = await deps.callbacks.send(
    claimed.callback!.url,
    await present(callbackPayload(claimed), deps.blobs, claimed, CALLBACK_INLINE_BYTES),
  );
  telemetry.count(outcome.delivered ? 'CallbacksDelivered' : 'CallbacksFailed');
  // The URL stays out of the line: a caller may have put a token in it.
  // The ids are named here, not only by the invocation's context: the sweeper sends callbacks of many runs.
  if (!outcome.delivered)
    telemetry.info('Callback not delivered', {
      executionId,
      workspaceId,
      statusCode: outcome.statusCode,
      error: outcome.error,
    });
  const at = deps.clock.now().toISOString();
  const recorded = await update(
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
    claimed,
  );
  return { execution: recorded, sent: true };
}

/** Nothing to send; carries the execution that was read, so the caller needs no second read. */
class AlreadyHandled extends Error {
  constructor(readonly execution: Execution) {
    super('callback already handled');
  }
}
