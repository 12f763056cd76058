// route: POST /api/run → acceptRun (idempotent) → [waitForExecution when sync] → RunRepository, Step Functions
import { setTimeout as sleep } from 'node:timers/promises';
import * as z from '#core/schema';
import { ClientId, CanvasId } from '#core/canvas/model';
import { chooseIdempotencyKey } from '#core/runs/idempotency';
import { present } from '#core/runs/blobs';
import { isTerminal, snapshot } from '#core/runs/model';
import { acceptRun, waitForExecution } from '#core/runs/use-cases';
import { outboundConfig } from '#adapters/outbound-http/config';
import { validateCallbackUrl } from '#adapters/outbound-http/validate-callback-url';
import { defineRoute } from '#http/route';
import { header } from '#http/request';
import { HttpResult } from '#http/responses';
import { runDeps } from './deps.ts';

const Body = z.strictObject({
  canvasId: CanvasId,
  triggerNodeId: ClientId,
  inputs: z._default(z.record(z.string(), z.unknown()), {}),
  sync: z._default(z.boolean(), false),
  /** Used with sync; ignored otherwise. */
  timeoutSeconds: z._default(z.int().check(z.minimum(1), z.maximum(55)), 30),
  callbackUrl: z.optional(z.string()),
  idempotencyKey: z.optional(z.string()),
});

const { allowHosts } = outboundConfig();

/** Time kept back from the function's deadline to answer with the pending payload, never a 504. */
const ANSWER_MARGIN_MS = 2_000;

export const handler = defineRoute('run', { body: Body }, async ({ body, principal, event, context }) => {
  const callbackUrl = body.callbackUrl === undefined ? undefined : await validateCallbackUrl(body.callbackUrl, { allowHosts });
  const idempotencyKey = chooseIdempotencyKey(header(event, 'idempotency-key'), body.idempotencyKey);
  const accepted = await acceptRun(
    principal,
    { canvasId: body.canvasId, triggerNodeId: body.triggerNodeId, inputs: body.inputs, callbackUrl, idempotencyKey },
    { kind: 'api' },
    runDeps,
  );
  const replayHeader: Record<string, string> = accepted.replayed ? { 'x-idempotent-replay': 'true' } : {};
  if (!body.sync) return new HttpResult(accepted.statusCode, accepted.body, replayHeader);

  // Accepting took some of the function's time already: never wait past what is left of it.
  const waitMs = Math.max(0, Math.min(body.timeoutSeconds * 1000, context.getRemainingTimeInMillis() - ANSWER_MARGIN_MS));
  const execution = await waitForExecution(principal, accepted.executionId, waitMs, {
    ...runDeps,
    sleep: (ms) => sleep(ms),
    nowMs: () => Date.now(),
  });
  if (isTerminal(execution.status)) return new HttpResult(200, await present(snapshot(execution), runDeps.blobs, execution), replayHeader);
  const pending = {
    ok: true,
    pending: true,
    executionId: execution.executionId,
    status: execution.status,
    message: `Still ${execution.status} after ${body.timeoutSeconds} s; poll GET /api/executions?executionId=${execution.executionId}`,
  };
  return new HttpResult(200, pending, replayHeader);
});
