// route helper: the adapters the run routes share, built once per cold start.
import { systemClock } from '#core/clock';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';
import { S3BlobStore } from '#adapters/s3/blob-store';
import { StepFunctionsWorkflowEngine } from '#adapters/sfn/workflow-engine';

export const runs = new DynamoRunRepository();
export const engine = new StepFunctionsWorkflowEngine();
export const blobs = new S3BlobStore();
export const runDeps = { runs, engine, clock: systemClock, blobs };
