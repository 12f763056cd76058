// workflow task: Advance → advanceRun → RunRepository (+ callback when a node fails)
import { advanceRun } from '#core/runs/use-cases';
import { runTaskDeps } from '#adapters/composition/run-tasks';
import { observed } from '#adapters/observability/powertools';
import { WORKFLOW_EXECUTORS } from './executors.ts';
import { RunTarget } from './run-target.ts';

const deps = { ...runTaskDeps(), executors: WORKFLOW_EXECUTORS };

export const handler = observed((event: unknown) => advanceRun(RunTarget.parse(event), deps));
