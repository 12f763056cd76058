// route: POST /api/mcp/executions/redrive → redriveRun → RunRepository, Step Functions redrive
import { present } from '#core/runs/blobs';
import { snapshot } from '#core/runs/model';
import { redriveRun } from '#core/runs/use-cases';
import { defineRoute } from '#http/route';
import { HttpResult } from '#http/responses';
import { runDeps } from './deps.ts';
import { ExecutionBody } from './execution-query.ts';

export const handler = defineRoute('executions-redrive', { body: ExecutionBody }, async ({ body, principal }) => {
  const execution = await redriveRun(principal, body.executionId, runDeps);
  return new HttpResult(202, await present(snapshot(execution), runDeps.blobs, execution));
});
