// route: GET /api/mcp/executions/outputs?executionId= → getExecution → RunRepository
import { getExecution } from '#core/runs/use-cases';
import { defineRoute } from '#http/route';
import { runs } from './deps.ts';
import { ExecutionQuery } from './execution-query.ts';

export const handler = defineRoute('executions-outputs', { query: ExecutionQuery }, async ({ query, principal }) => {
  const execution = await getExecution(principal, query.executionId, { runs });
  return { executionId: execution.executionId, status: execution.status, result: execution.result, outputs: execution.outputs };
});
