// worker: the run outbox's sweeper → sweepStalledRuns → queued-runs index (GSI2), Step Functions.
// An EventBridge schedule invokes it every minute in AWS; local mode calls sweep() from a timer, and
// once with no grace at start (nothing is in flight then: every queued run was left by a dead process).
import { systemClock } from '#core/clock';
import { STALLED_AFTER_SECONDS, sweepStalledRuns, type SweepReport } from '#core/runs/sweep';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';
import { HttpCallbackSender } from '#adapters/outbound-http/callback-sender';
import { S3BlobStore } from '#adapters/s3/blob-store';
import { StepFunctionsWorkflowEngine } from '#adapters/sfn/workflow-engine';
import { observed } from '#adapters/observability/powertools';
import { telemetry } from '#core/telemetry';

const runs = new DynamoRunRepository();
const deps = {
  runs,
  queued: runs,
  engine: new StepFunctionsWorkflowEngine(),
  clock: systemClock,
  callbacks: new HttpCallbackSender(),
  blobs: new S3BlobStore(),
};

/** Starts or redrives every run queued for more than `graceMs`. */
export function sweep(graceMs: number = STALLED_AFTER_SECONDS * 1000): Promise<SweepReport> {
  return sweepStalledRuns(deps, { graceMs });
}

export const handler = observed(async (): Promise<SweepReport> => {
  const report = await sweep();
  // Quiet when there was nothing to do: one line per sweep that found stalled runs.
  if (report.found > 0) telemetry.info('Swept stalled runs', { ...report });
  return report;
});
