// route: GET /api/executions?executionId= → getExecution → RunRepository
import { present } from '#core/runs/blobs';
import { snapshot } from '#core/runs/model';
import { getExecution } from '#core/runs/use-cases';
import { defineRoute } from '#http/route';
import { blobs, runs } from './deps.ts';
import { ExecutionQuery } from './execution-query.ts';

export const handler = defineRoute('executions-get', { query: ExecutionQuery }, async ({ query, principal }) => {
  const execution = await getExecution(principal, query.executionId, { runs });
  return present(snapshot(execution), blobs, execution);
});
