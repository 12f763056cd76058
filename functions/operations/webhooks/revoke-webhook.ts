// operation: POST /api/mcp/webhooks/revoke → revokeWebhook → WebhookRepository
import { revokeWebhook } from '#core/webhooks/use-cases';
import { canvases } from '#adapters/composition/stores';
import { DESTROYS, defineOperation } from '#operations/operation';
import { WebhookRevocationView } from '#operations/views';
import { webhooks } from './webhook-deps.ts';
import { WebhookTarget } from './webhook-target.ts';
import { CANVAS } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'revoke_webhook',
  title: 'Revoke webhook endpoint',
  description:
    "Removes a webhook-trigger node's endpoint and secret: calls get 404 from now on. A new endpoint gets a fresh secret. Revoking again is harmless (wasRegistered false); an unknown canvas or node is 404.",
  example: {
    input: { canvasId: CANVAS, triggerNodeId: 'hook' },
    status: 200,
    output: { revoked: true, wasRegistered: true, canvasId: CANVAS, triggerNodeId: 'hook' },
  },
  route: 'webhooks-revoke',
  http: writeRoute('/api/mcp/webhooks/revoke', 'write:canvas', 'webhooks'),
  input: WebhookTarget,
  output: WebhookRevocationView,
  audit: 'webhook.revoke',
  annotations: DESTROYS,
  run: (input, { principal }) => revokeWebhook(principal, input, { webhooks, canvases }),
});
