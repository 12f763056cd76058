// operation: GET /api/mcp/executions/timeline?executionId= → getExecution → RunRepository
import { getExecution } from '#core/runs/use-cases';
import { runs } from '#adapters/composition/stores';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { TimelineView } from '#operations/views';
import { ExecutionQuery } from './execution-query.ts';
import { AT, EXECUTION, LATER } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

// Only the table: the timeline carries no large values, so no S3 or Step Functions client is bundled.

export const operation = defineOperation({
  name: 'get_execution_timeline',
  title: 'Execution timeline',
  description:
    'Reads the events of an execution in order (started, each node started/succeeded/failed, finished, callback sent), to see where time went or what failed.',
  example: {
    input: { executionId: EXECUTION },
    status: 200,
    output: {
      executionId: EXECUTION,
      status: 'succeeded',
      events: [
        { at: AT, type: 'execution.started' },
        { at: AT, type: 'node.succeeded', nodeId: 'prompt' },
        { at: LATER, type: 'node.succeeded', nodeId: 'tpl' },
        { at: LATER, type: 'execution.succeeded' },
      ],
    },
  },
  route: 'executions-timeline',
  http: readRoute('/api/mcp/executions/timeline', 'run:workflows', 'runs'),
  input: ExecutionQuery,
  output: TimelineView,
  annotations: READ_ONLY,
  async run({ executionId }, { principal }) {
    const execution = await getExecution(principal, executionId, { runs });
    return { executionId: execution.executionId, status: execution.status, events: execution.timeline };
  },
});
