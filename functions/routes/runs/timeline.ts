// route: GET /api/mcp/executions/timeline?executionId= → getExecution → RunRepository
import { getExecution } from '#core/runs/use-cases';
import { defineRoute } from '#http/route';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';

// Only the table: the timeline carries no large values, so no S3 or Step Functions client is bundled.
const runs = new DynamoRunRepository();
import { ExecutionQuery } from './execution-query.ts';

export const handler = defineRoute('executions-timeline', { query: ExecutionQuery }, async ({ query, principal }) => {
  const execution = await getExecution(principal, query.executionId, { runs });
  return { executionId: execution.executionId, status: execution.status, events: execution.timeline };
});
