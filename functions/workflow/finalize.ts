// workflow task: Finalize → finalizeRun → the one result callback; Recover → recoverRun (same function)
import { finalizeRun, recoverRun } from '#core/runs/use-cases';
import { runTaskDeps } from '#adapters/composition/run-tasks';
import { observed } from '#adapters/observability/powertools';
import { RunTarget } from './run-target.ts';

const deps = runTaskDeps();

export const handler = observed(async (event: unknown) => {
  const { mode, redriveCount, ...run } = RunTarget.parse(event);
  return mode === 'recover' ? recoverRun(run, redriveCount ?? 0, deps) : finalizeRun(run, deps);
});
