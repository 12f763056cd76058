// core: what the engine does with a node's failure (engine.ts calls it from its catch) — Step Functions'
// Retry then Catch, per node (canvas/failure-handling.ts declares them):
//
//   attempt failed ── policy retries this reason, attempts left, the job's hold given back ──► retry:
//        │               `waiting` until nextAttemptAt (backoff: retry.ts); `node.attempt.failed`
//        │ no retry (or none left)
//        ├── error-out connected (and not our own fault) ──► routed: `failed` + errorRouted, error-out
//        │                                                   carries { message, nodeId, attempt, reason },
//        │                                                   its other ports untaken; the run goes on
//        └── otherwise ──► halt: the run fails at this node, as without a policy
//
// Metered work is held per attempt (its key names the attempt): a job node's retry first gives back
// what its failed attempt held (executor.cancel, safe to repeat), so a fresh hold is taken only after
// the last one was released. Instant metered nodes release their hold before they throw — except when
// the attempt is still in flight (a conflict): that one is retried under the same attempt number.
import type { CanvasNode } from '../canvas/model.ts';
import { ERROR_OUT, retryPolicyOf } from '../canvas/failure-handling.ts';
import { NODE_TYPES } from '../canvas/node-types.ts';
import type { NodeContext, NodeExecutor } from './executor-types.ts';
import type { NodeFailureReason } from './failure-reason.ts';
import type { Execution, NodeRunState, TimelineEvent } from './model.ts';
import { retryDelaySeconds, shouldRetry } from './retry.ts';
import { telemetry } from '../telemetry.ts';

/** Whether nodes of `type` have an error output (they were declared with failable). */
export function hasErrorOut(type: CanvasNode['type']): boolean {
  return NODE_TYPES[type].outputs.some((port) => port.name === ERROR_OUT);
}

export interface FailedAttempt {
  node: CanvasNode;
  state: NodeRunState;
  execution: Execution;
  message: string;
  reason: NodeFailureReason;
  executor: NodeExecutor | undefined;
  context: () => NodeContext;
  errorOutConnected: boolean;
  now: Date;
  random: () => number;
  event: (type: TimelineEvent['type'], nodeId: string, message: string) => void;
}

/** Retries, routes or halts (see the sketch above); mutates the node's state and the run's outputs. */
export async function handleFailure(failed: FailedAttempt): Promise<'retry' | 'routed' | 'halt'> {
  const { node, state, message, reason } = failed;
  const attempt = (state.failedAttempts ?? 0) + 1;
  const policy = retryPolicyOf(node as { data: Record<string, unknown> });
  if (policy && shouldRetry(policy, reason, attempt) && (await releasedHold(failed))) {
    const delaySeconds = retryDelaySeconds(policy, attempt, failed.random);
    state.status = 'waiting';
    state.error = message;
    state.failedAttempts = attempt;
    state.nextAttemptAt = new Date(failed.now.getTime() + delaySeconds * 1000).toISOString();
    // A conflict says this attempt's work is still in flight (a step that died mid-call, repeated): the
    // next try asks again for the same attempt, never new work and a new hold beside it.
    if (reason === 'conflict') state.attempts -= 1;
    delete state.job;
    failed.event(
      'node.attempt.failed',
      node.id,
      `attempt ${attempt} of ${policy.maxAttempts} failed: ${message}; next attempt at ${state.nextAttemptAt}`,
    );
    return 'retry';
  }
  if (reason === 'fault' || !failed.errorOutConnected) return 'halt';
  await releasedHold(failed);
  state.status = 'failed';
  state.error = message;
  state.finishedAt = failed.now.toISOString();
  state.failedAttempts = attempt;
  state.errorRouted = true;
  state.untakenPorts = NODE_TYPES[node.type].outputs.map((port) => port.name).filter((name) => name !== ERROR_OUT);
  delete state.job;
  failed.execution.outputs[node.id] = { [ERROR_OUT]: { message, nodeId: node.id, attempt, reason } };
  failed.event('node.failed', node.id, `${message} (attempt ${attempt}; sent on error-out, the run goes on)`);
  return 'routed';
}

/** Gives back what a job node's failed attempt still holds; false when that is not certain. */
async function releasedHold(failed: FailedAttempt): Promise<boolean> {
  const { state, executor } = failed;
  if (!state.job) return true;
  if (executor?.kind !== 'job' || !executor.cancel) return false;
  try {
    await executor.cancel(failed.context(), state.job);
    return true;
  } catch (error) {
    telemetry.warn('Could not release a failed attempt before its retry', {
      nodeId: failed.node.id,
      error: String(error),
    });
    return false;
  }
}
