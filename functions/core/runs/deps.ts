// use cases: what the run use cases need (RunDeps), and the one way they change a stored run (update).
import { ConflictError, NotFoundError } from '../errors.ts';
import { telemetry } from '../telemetry.ts';
import type { Clock } from '../clock.ts';
import type { CallbackDispatch, RunRepository, WorkflowEngine } from '../ports.ts';
import type { ExecutorRegistry } from './executors.ts';
import type { Execution } from './model.ts';
import type { BlobStore } from './blobs.ts';

export interface RunDeps {
  runs: RunRepository;
  engine: WorkflowEngine;
  clock: Clock;
  /** Where values too large for the execution item live (see blobs.ts). */
  blobs: BlobStore;
  /**
   * Whether a run that needs no state machine (inline.ts: instant nodes only) is run by the process
   * that accepts it. Asked once per run. @default never — every run is started on the state machine
   */
  inlineRuns?: () => boolean;
  /** @default EXECUTORS */
  executors?: ExecutorRegistry;
  /**
   * Prompt delivery of the callback of a run finished here, accepted or redriven (callbacks-prompt.ts).
   * @default the sweeper only
   */
  callbackDispatch?: CallbackDispatch;
  /**
   * Told when a run has ended (succeeded, failed or cancelled) by the path that ended it: a published
   * server's run turns its day reservation into its charge (core/published/calls.ts). May be told twice
   * for one end (a retried step); must be idempotent. @default nothing
   */
  runEnded?: (execution: Execution) => Promise<void>;
}

/**
 * Tells `runEnded`, never failing the step that ended the run: what it does is bookkeeping whose failure
 * must not turn a finished run into a failed step (a published reservation left in place only keeps its
 * day's limit stricter until the day ends).
 */
export async function tellRunEnded(execution: Execution, deps: Pick<RunDeps, 'runEnded'>): Promise<void> {
  try {
    await deps.runEnded?.(execution);
  } catch (error) {
    telemetry.warn('Could not settle what a finished run holds', {
      executionId: execution.executionId,
      error: String(error),
    });
  }
}

/**
 * Saves with the version read; on a lost race, reloads and re-applies (the change is re-validated).
 * A change that returns `false` found nothing to do: nothing is written.
 * `read`: the run as the caller just read or saved it (handed over, not copied), tried first instead of
 * a GetItem; a stale copy only loses the versioned save and is read again.
 */
export async function update(
  workspaceId: string,
  executionId: string,
  // biome-ignore lint/suspicious/noConfusingVoidType: a change returns nothing, or false for "nothing to do"
  change: (execution: Execution) => void | false,
  deps: Pick<RunDeps, 'runs'>,
  read?: Execution,
): Promise<Execution> {
  for (let attempt = 1; ; attempt++) {
    const execution = attempt === 1 && read ? read : await deps.runs.get(workspaceId, executionId);
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
