// route: POST /api/mcp/executions/replay → replayRun (optionally idempotent) → RunRepository, Step Functions
import { chooseIdempotencyKey } from '#core/runs/idempotency';
import { replayRun } from '#core/runs/use-cases';
import { defineRoute } from '#http/route';
import { header } from '#http/request';
import { HttpResult } from '#http/responses';
import { runDeps } from './deps.ts';
import { ExecutionBody } from './execution-query.ts';

export const handler = defineRoute('executions-replay', { body: ExecutionBody }, async ({ body, principal, event }) => {
  const idempotencyKey = chooseIdempotencyKey(header(event, 'idempotency-key'), undefined);
  const accepted = await replayRun(principal, body.executionId, runDeps, idempotencyKey);
  return new HttpResult(accepted.statusCode, accepted.body, accepted.replayed ? { 'x-idempotent-replay': 'true' } : {});
});
