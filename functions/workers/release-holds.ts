// worker: the expired-holds sweeper → releaseExpiredHolds → open-holds index (GSI2), ledger.
// An EventBridge schedule invokes it in AWS; local mode calls it from a timer.
import { telemetry } from '#core/telemetry';
import { releaseExpiredHolds } from '#core/credits/ledger';
export { RELEASE_HOLDS_EVERY_MINUTES } from '#core/credits/ledger';
import { creditDeps } from '#adapters/composition/credits';
import { observed } from '#adapters/observability/powertools';

export function releaseHolds(): Promise<{ found: number; released: number }> {
  return releaseExpiredHolds(creditDeps());
}

// observed: the invocation's log lines with the Lambda request id, and the metrics flush, as every function.
export const handler = observed(async (): Promise<{ found: number; released: number }> => {
  const report = await releaseHolds();
  // Quiet when there was nothing to do; an abandoned hold is worth a line (an operation died for good).
  if (report.found > 0) telemetry.warn('Released expired credit holds', report);
  return report;
});
