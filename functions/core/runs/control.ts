// use cases: reading runs and controlling them — get, wait, list, cancel, redrive.
import { telemetry } from '../telemetry.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import type { Principal } from '../keys/api-key.ts';
import type { Page, PageQuery } from '../pagination.ts';
import type { CallbackSender } from '../ports.ts';
import { finish, prepareRedrive, undoRedrive, assertCancellable } from './lifecycle.ts';
import { isTerminal, type Execution, type ExecutionSummary } from './model.ts';
import { runInline, runsInline } from './inline.ts';
import { tellRunEnded, update, type RunDeps } from './deps.ts';
import { deliverCallbackOnce } from './callbacks.ts';
import { requestPromptCallback } from './callbacks-prompt.ts';

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
  await tellRunEnded(cancelled, deps);
  return (await deliverCallbackOnce(principal.workspaceId, executionId, deps)) ?? cancelled;
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
  if (!loaded || !runsInline(loaded.graph, deps.executors)) {
    await undo();
    throw new ConflictError(`Execution ${executionId} has no state machine execution to redrive`);
  }
  // Saved finished; with a callback URL it stays in the outbox and is sent about a second later, as
  // for an accepted inline run (callbacks-prompt.ts; a failed dispatch is logged and left to the
  // sweeper, never failing the redrive). A run a cancel got to first has its callback handled already.
  const ran = await runInline(loaded.execution, loaded.graph, deps);
  await requestPromptCallback(ran, deps.callbackDispatch);
  return ran;
}
