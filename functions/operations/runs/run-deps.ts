// operation helper: the adapters the run operations share — a view onto the composition root
// (functions/adapters/composition/runs.ts; the handles build on first use).
import { runDeps as runDepsOf } from '#adapters/composition/runs';

export { runs } from '#adapters/composition/stores';
export { blobs } from '#adapters/composition/objects';
export { engine } from '#adapters/composition/services';
export const runDeps = runDepsOf();
