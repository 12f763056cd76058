// operation: GET /api/mcp/executions/outputs?executionId= → getExecution → RunRepository
import { present } from '#core/runs/blobs';
import { getExecution } from '#core/runs/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { OutputsView } from '#operations/views';
import { blobs, runs } from './run-deps.ts';
import { ExecutionQuery } from './execution-query.ts';
import { EXECUTION, runSnapshot } from '#operations/example-values';
import { READS_MEDIA, readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_execution_outputs',
  title: 'Execution outputs',
  description:
    'Reads what an execution produced: the value on every output port and the result its output nodes received.',
  example: {
    input: { executionId: EXECUTION },
    status: 200,
    output: { executionId: EXECUTION, status: 'succeeded', result: runSnapshot.result, outputs: runSnapshot.outputs },
  },
  route: 'executions-outputs',
  http: readRoute('/api/mcp/executions/outputs', 'run:workflows', 'runs', READS_MEDIA),
  input: ExecutionQuery,
  output: OutputsView,
  annotations: READ_ONLY,
  async run({ executionId }, { principal }) {
    const execution = await getExecution(principal, executionId, { runs });
    return present(
      {
        executionId: execution.executionId,
        status: execution.status,
        result: execution.result,
        outputs: execution.outputs,
      },
      blobs,
      execution,
    );
  },
});
