// route: POST /api/mcp/executions/replay → replayRun → RunRepository, Step Functions
import { replayRun } from '#core/runs/use-cases';
import { defineRoute } from '#http/route';
import { HttpResult } from '#http/responses';
import { runDeps } from './deps.ts';
import { ExecutionBody } from './execution-query.ts';

export const handler = defineRoute('executions-replay', { body: ExecutionBody }, async ({ body, principal }) => {
  const accepted = await replayRun(principal, body.executionId, runDeps);
  return new HttpResult(accepted.statusCode, accepted.body);
});
