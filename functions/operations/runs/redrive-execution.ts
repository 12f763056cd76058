// operation: POST /api/mcp/executions/redrive → redriveRun → RunRepository, Step Functions redrive
import { present } from '#core/runs/blobs';
import { snapshot } from '#core/runs/model';
import { redriveRun } from '#core/runs/use-cases';
import { accepted } from '#operations/outcome';
import { defineOperation } from '#operations/operation';
import { ExecutionSnapshotView } from '#operations/views';
import { runDeps } from './run-deps.ts';
import { ExecutionBody } from './execution-query.ts';
import { EXECUTION, unfinished } from '#operations/example-values';

export const operation = defineOperation({
  name: 'redrive_execution',
  title: 'Resume failed execution',
  description:
    'Resumes a failed execution from the step that failed, keeping what succeeded (same execution id). To start over with the same inputs, use replay_execution.',
  example: {
    input: { executionId: EXECUTION },
    status: 202,
    output: {
      ...unfinished,
      status: 'running',
      finishedAt: null,
      outputs: {},
      nodes: { prompt: { status: 'succeeded' }, tpl: { status: 'running' } },
    },
  },
  route: 'executions-redrive',
  http: {
    method: 'POST',
    path: '/api/mcp/executions/redrive',
    scope: 'run:workflows',
    access: { table: 'readWrite', bucket: 'readWrite', workflow: ['redrive'] },
    timeoutSeconds: 25,
    area: 'runs',
  },
  input: ExecutionBody,
  output: ExecutionSnapshotView,
  audit: 'run.redrive',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ executionId }, { principal }) {
    const execution = await redriveRun(principal, executionId, runDeps);
    return accepted(await present(snapshot(execution), runDeps.blobs, execution));
  },
});
