// use case: the run outbox's sweep — a 202 is a promise. A run is recorded (one PutItem) before
// its state machine execution is started; if every process dies in between, or a redrive was recorded
// and its RedriveExecution never sent, the run would stay `queued` for good. Queued runs are listed by
// the sparse index of the run outbox (see table-design.ts); the sweeper starts or redrives those
// queued longer than a grace period. Idempotent: the execution name is the executionId.
//
//   listQueued(cutoff) ──► re-read the run (consistent) ── not queued, or queued recently ──► skip
//                                   │ queued since before the cutoff
//                                   ▼
//                          engine.resume(run, attempt) ── started / in-progress ──► done (for now)
//                                   │ gone: its execution closed while the run never left `queued`
//                                   ▼
//                          failRun (engine failure) + the callback, once
//
// The outbox also holds finished runs whose callback is still to be sent (model.ts callbackPending):
// a run of instant nodes has no state machine to send it (issue 26), and a state machine's Finalize
// may never have run. An inline run's callback is normally sent about a second after it finished by
// the deliver-callback worker, which the accepting or redriving route asks for (callbacks-prompt.ts);
// the sweeper is the net for an ask that failed or a route that died before it. Past its hold — the
// request that accepted the run has certainly ended, so the callback never reaches its receiver before
// the 202 that named the run — it sends it through deliverCallbackOnce, the same claim the worker makes
// (a versioned write): at most once per attempt, whoever comes first.
import { telemetry } from '../telemetry.ts';
import type { Clock } from '../clock.ts';
import type { CallbackSender, QueuedRunIndex, RunRepository, WorkflowResumer } from '../ports.ts';
import type { BlobStore } from './blobs.ts';
import { callbackPending, outboxSince } from './model.ts';
import { ENGINE_FAILED, failRun } from './steps.ts';
import { deliverCallbackOnce } from './callbacks.ts';

/**
 * How long a run may stay `queued` before the sweeper takes it over in AWS: longer than any route
 * function's timeout (60 s at most, POST /api/run with sync), so the request that accepted the run has
 * certainly ended and the sweeper never races it. (A repeated start would be harmless — the name
 * deduplicates — but a redrive request still waiting for its execution to close would see its own
 * RedriveExecution refused.)
 */
export const STALLED_AFTER_SECONDS = 120;
/**
 * How long a finished run's pending callback waits in the outbox before the sweeper sends it: as long
 * as any route function may run (60 s), so the request that accepted the run has certainly answered —
 * a callback never reaches its receiver before the 202 that names its run.
 */
export const CALLBACK_HOLD_SECONDS = 60;
/** How often the sweeper runs in AWS (an EventBridge schedule). */
export const SWEEP_EVERY_MINUTES = 1;
/** Runs taken per index shard per sweep; the next sweep takes the rest. */
export const SWEEP_PAGE = 50;
/** Resumes in flight at once (each is one GetItem and one or two Step Functions calls). */
const SWEEP_CONCURRENCY = 8;

export interface SweepDeps {
  runs: RunRepository;
  queued: QueuedRunIndex;
  engine: WorkflowResumer;
  clock: Clock;
  blobs: BlobStore;
  callbacks: CallbackSender;
}

export type SweepOutcome = 'started' | 'in-progress' | 'failed' | 'callback' | 'skipped';

export interface SweepReport {
  found: number;
  started: number;
  inProgress: number;
  failed: number;
  /** Callbacks of finished runs sent (or found already claimed). */
  callbacks: number;
  skipped: number;
  errors: number;
}

/**
 * Starts or redrives every run queued since more than `graceMs` ago. A run that cannot be resumed is
 * recorded failed (with its callback). Errors are per run: logged, counted, retried by the next sweep.
 */
export async function sweepStalledRuns(
  deps: SweepDeps,
  options: { graceMs: number; callbackHoldMs?: number },
): Promise<SweepReport> {
  const now = deps.clock.now().getTime();
  const holdMs = Math.min(options.graceMs, options.callbackHoldMs ?? CALLBACK_HOLD_SECONDS * 1000);
  const cutoffs = {
    queued: new Date(now - options.graceMs).toISOString(),
    callback: new Date(now - holdMs).toISOString(),
  };
  // The later of the two: the hold is never longer than the grace period.
  const listBefore = cutoffs.callback;
  const stalled = await deps.queued.listQueued(listBefore, SWEEP_PAGE);
  const report: SweepReport = {
    found: stalled.length,
    started: 0,
    inProgress: 0,
    failed: 0,
    callbacks: 0,
    skipped: 0,
    errors: 0,
  };
  let next = 0;
  const worker = async () => {
    while (next < stalled.length) {
      const run = stalled[next++]!;
      try {
        const outcome = await resumeStalledRun(run, cutoffs, deps);
        report[outcome === 'in-progress' ? 'inProgress' : outcome === 'callback' ? 'callbacks' : outcome] += 1;
      } catch (error) {
        report.errors += 1;
        telemetry.warn('Could not resume a stalled run; the next sweep retries', {
          executionId: run.executionId,
          error: String(error),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SWEEP_CONCURRENCY, stalled.length) }, worker));
  countSweep(report);
  return report;
}

/**
 * What the sweep found, as counts (telemetry.ts `Outbox*`), on every sweep — zeros too: a retry that
 * fails sweep after sweep is otherwise only a WARN line, and the alarms tell "nothing pending" (0) from
 * "no sweep" (no data). Runs due are those whose start was deferred or that stayed queued past the grace
 * period: started, found in progress, failed for good, or failed on (an error: retried by the next sweep).
 * Callbacks are not runs due.
 */
function countSweep(report: SweepReport): void {
  telemetry.count('OutboxRunsDue', report.started + report.inProgress + report.failed + report.errors);
  telemetry.count('OutboxRunsStarted', report.started);
  telemetry.count('OutboxResumeFailed', report.errors);
}

/** One run of the sweep (see the sketch at the top of this file). */
export async function resumeStalledRun(
  run: { workspaceId: string; executionId: string },
  cutoffs: { queued: string; callback: string } | string,
  deps: SweepDeps,
): Promise<SweepOutcome> {
  const cutoff = typeof cutoffs === 'string' ? { queued: cutoffs, callback: cutoffs } : cutoffs;
  // The index lags the table: act only on what the table says now.
  const execution = await deps.runs.get(run.workspaceId, run.executionId);
  if (execution && callbackPending(execution)) {
    if (outboxSince(execution) >= cutoff.callback) return 'skipped';
    await deliverCallbackOnce(run.workspaceId, run.executionId, deps, execution);
    return 'callback';
  }
  if (execution?.status !== 'queued' || outboxSince(execution) >= cutoff.queued) return 'skipped';
  const outcome = await deps.engine.resume({ ...run, attempt: execution.attempt });
  if (outcome !== 'gone') return outcome;
  await failRun(run, ENGINE_FAILED, deps);
  return 'failed';
}
