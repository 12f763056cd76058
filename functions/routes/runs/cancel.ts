// route: POST /api/mcp/executions/cancel → cancelRun → RunRepository, Step Functions, callback
import { present } from '#core/runs/blobs';
import { snapshot } from '#core/runs/model';
import { cancelRun } from '#core/runs/use-cases';
import { HttpCallbackSender } from '#adapters/outbound-http/callback-sender';
import { defineRoute } from '#http/route';
import { runDeps } from './deps.ts';
import { ExecutionBody } from './execution-query.ts';

const callbacks = new HttpCallbackSender();

export const handler = defineRoute('executions-cancel', { body: ExecutionBody }, async ({ body, principal }) => {
  const execution = await cancelRun(principal, body.executionId, { ...runDeps, callbacks });
  return present(snapshot(execution), runDeps.blobs, execution);
});
