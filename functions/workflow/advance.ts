// workflow task: Advance → advanceRun → RunRepository (+ callback when a node fails)
import { systemClock } from '#core/clock';
import { advanceRun } from '#core/runs/use-cases';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';
import { HttpCallbackSender } from '#adapters/outbound-http/callback-sender';
import { S3BlobStore } from '#adapters/s3/blob-store';
import { observed } from '#adapters/observability/powertools';
import { WORKFLOW_EXECUTORS } from './executors.ts';
import { RunTarget } from './run-target.ts';

const deps = {
  runs: new DynamoRunRepository(),
  clock: systemClock,
  callbacks: new HttpCallbackSender(),
  blobs: new S3BlobStore(),
  executors: WORKFLOW_EXECUTORS,
};

export const handler = observed((event: unknown) => advanceRun(RunTarget.parse(event), deps));
