// operation helper: the adapters the run operations share, from the composition root
// (functions/adapters/composition/runs.ts), built once per cold start.
import { blobStore, runDeps as runDepsOf, runRepository, workflowEngine } from '#adapters/composition/runs';

export const runs = runRepository();
export const engine = workflowEngine();
export const blobs = blobStore();
export const runDeps = runDepsOf();
