// workflow task: Finalize → finalizeRun → the one result callback; Recover → recoverRun (same function)
import { systemClock } from '#core/clock';
import { finalizeRun, recoverRun } from '#core/runs/use-cases';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';
import { HttpCallbackSender } from '#adapters/outbound-http/callback-sender';
import { S3BlobStore } from '#adapters/s3/blob-store';
import { observed } from '#adapters/observability/powertools';
import { RunTarget } from './run-target.ts';

const deps = {
  runs: new DynamoRunRepository(),
  clock: systemClock,
  callbacks: new HttpCallbackSender(),
  blobs: new S3BlobStore(),
};

export const handler = observed(async (event: unknown) => {
  const { mode, redriveCount, ...run } = RunTarget.parse(event);
  return mode === 'recover' ? recoverRun(run, redriveCount ?? 0, deps) : finalizeRun(run, deps);
});
