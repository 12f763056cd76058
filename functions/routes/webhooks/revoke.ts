// route: POST /api/mcp/webhooks/revoke → revokeWebhook → WebhookRepository
import * as z from '#core/schema';
import { CanvasId, ClientId } from '#core/canvas/model';
import { revokeWebhook } from '#core/webhooks/use-cases';
import { defineRoute } from '#http/route';
import { webhooks } from './deps.ts';

const Body = z.strictObject({ canvasId: CanvasId, triggerNodeId: ClientId });

export const handler = defineRoute('webhooks-revoke', { body: Body }, ({ body, principal }) => revokeWebhook(principal, body, { webhooks }));
