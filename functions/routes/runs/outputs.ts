// route: GET /api/mcp/executions/outputs?executionId= → getExecution → RunRepository
import { present } from '#core/runs/blobs';
import { getExecution } from '#core/runs/use-cases';
import { defineRoute } from '#http/route';
import { blobs, runs } from './deps.ts';
import { ExecutionQuery } from './execution-query.ts';

export const handler = defineRoute('executions-outputs', { query: ExecutionQuery }, async ({ query, principal }) => {
  const execution = await getExecution(principal, query.executionId, { runs });
  return present({ executionId: execution.executionId, status: execution.status, result: execution.result, outputs: execution.outputs }, blobs, execution);
});
