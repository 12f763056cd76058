// worker: the run outbox's sweeper → sweepStalledRuns → the outbox index (GSI2), Step Functions, callbacks.
// An EventBridge schedule invokes it every minute in AWS; local mode calls sweep() from a timer, and
// once with no grace at start (nothing is in flight then: every queued run was left by a dead process).
import { CALLBACK_HOLD_SECONDS, STALLED_AFTER_SECONDS, sweepStalledRuns, type SweepReport } from '#core/runs/sweep';
import { sweepDeps } from '#adapters/composition/run-tasks';
import { observed } from '#adapters/observability/powertools';
import { telemetry } from '#core/telemetry';

const deps = sweepDeps();

/**
 * Starts or redrives every run queued for more than `graceMs`, and sends the pending callbacks of runs
 * finished more than `callbackHoldMs` ago (at most `graceMs`; see CALLBACK_HOLD_SECONDS).
 */
export function sweep(
  graceMs: number = STALLED_AFTER_SECONDS * 1000,
  callbackHoldMs: number = CALLBACK_HOLD_SECONDS * 1000,
): Promise<SweepReport> {
  return sweepStalledRuns(deps, { graceMs, callbackHoldMs });
}

export const handler = observed(async (): Promise<SweepReport> => {
  const report = await sweep();
  // Quiet when there was nothing to do: one line per sweep that found stalled runs.
  if (report.found > 0) telemetry.info('Swept stalled runs', { ...report });
  return report;
});
