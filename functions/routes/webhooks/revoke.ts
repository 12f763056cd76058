// route: POST /api/mcp/webhooks/revoke → revokeWebhook → WebhookRepository
import { revokeWebhook } from '#core/webhooks/use-cases';
import { operationRoute } from '#http/operation-route';
import { DESTROYS, defineOperation } from '#operations/operation';
import { WebhookRevocationView } from '#operations/views';
import { webhooks } from './deps.ts';
import { WebhookTarget } from './target.ts';

export const operation = defineOperation({
  name: 'revoke_webhook',
  title: 'Revoke webhook endpoint',
  description: "Removes a webhook-trigger node's endpoint and secret: calls get 404 from now on. A new endpoint gets a fresh secret.",
  route: 'webhooks-revoke',
  input: WebhookTarget,
  output: WebhookRevocationView,
  annotations: DESTROYS,
  run: (input, { principal }) => revokeWebhook(principal, input, { webhooks }),
});

export const handler = operationRoute(operation);
