// operation helper: the adapters the run routes share, built once per cold start.
import { systemClock } from '#core/clock';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';
import { ENV } from '#adapters/env';
import { S3BlobStore } from '#adapters/s3/blob-store';
import { StepFunctionsWorkflowEngine } from '#adapters/sfn/workflow-engine';

export const runs = new DynamoRunRepository();
export const engine = new StepFunctionsWorkflowEngine();
export const blobs = new S3BlobStore();

/**
 * INLINE_INSTANT_RUNS: `off` starts every run on the state machine; anything else (the default) lets
 * the accepting route run a run that needs no state machine itself (functions/core/runs/inline.ts).
 * Read per run, so it can be switched on a live function's configuration (and by the bench).
 */
const inlineRuns = () => process.env[ENV.inlineInstantRuns]?.trim().toLowerCase() !== 'off';

export const runDeps = { runs, engine, clock: systemClock, blobs, inlineRuns };
