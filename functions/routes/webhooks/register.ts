// route: POST /api/mcp/webhooks/register → registerWebhook → WebhookRepository
import * as z from '#core/schema';
import { CanvasId, ClientId } from '#core/canvas/model';
import { registerWebhook } from '#core/webhooks/use-cases';
import { defineRoute } from '#http/route';
import { HttpResult } from '#http/responses';
import { publicBaseUrlFor, registrationDeps } from './deps.ts';

const Body = z.strictObject({ canvasId: CanvasId, triggerNodeId: ClientId });

export const handler = defineRoute('webhooks-register', { body: Body }, async ({ body, principal, event }) => {
  const registration = await registerWebhook(principal, body, { ...registrationDeps, publicBaseUrl: publicBaseUrlFor(event) });
  return new HttpResult(registration.created ? 201 : 200, registration);
});
