// use case: starting a run that acceptRun recorded queued in the outbox — StartExecution, or, when Step
// Functions refuses for now, a mark that lets the sweeper start it at its next pass (accept.ts records).
import { telemetry } from '../telemetry.ts';
import { update, type RunDeps } from './deps.ts';
import type { Execution } from './model.ts';

/**
 * Starts the state machine. A start Step Functions refused for now (throttled, unavailable) leaves the
 * run queued in the outbox, marked so the sweeper's next pass starts it without waiting out the stall
 * threshold; any other failure removes the run (and its key), so a retry starts clean.
 */
export async function startOrDiscard(execution: Execution, deps: RunDeps, keyHash?: string): Promise<undefined> {
  let started: 'started' | 'deferred';
  try {
    started = await deps.engine.start({ workspaceId: execution.workspaceId, executionId: execution.executionId });
  } catch (error) {
    await deps.runs.discard(execution.workspaceId, execution.executionId, keyHash);
    throw error;
  }
  if (started === 'deferred') await markStartDeferred(execution.workspaceId, execution.executionId, deps);
  return undefined;
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
    telemetry.warn('Could not mark a deferred start; the sweeper starts the run after the stall threshold', {
      executionId,
      error: String(error),
    });
  }
}
