// operation: POST /api/mcp/webhooks/register → registerWebhook → WebhookRepository
import { registerWebhook } from '#core/webhooks/use-cases';
import { created } from '#operations/outcome';
import { defineOperation } from '#operations/operation';
import { WebhookRegistrationView } from '#operations/views';
import { registrationDeps } from './webhook-deps.ts';
import { WebhookTarget } from './webhook-target.ts';

export const operation = defineOperation({
  name: 'register_webhook',
  title: 'Create webhook endpoint',
  description:
    'Creates (or, when it exists, returns) the endpoint of a webhook-trigger node: the URL other systems call and its secret. A call with the secret starts a run from that node.',
  route: 'webhooks-register',
  http: {
    method: 'POST',
    path: '/api/mcp/webhooks/register',
    scope: 'write:canvas',
    access: { table: 'readWrite', webhookKey: true },
    area: 'webhooks',
  },
  input: WebhookTarget,
  output: WebhookRegistrationView,
  // Returns the existing endpoint when there is one: repeating it changes nothing.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(input, { principal, publicBaseUrl }) {
    const registration = await registerWebhook(principal, input, {
      ...registrationDeps,
      publicBaseUrl: publicBaseUrl(),
    });
    return registration.created ? created(registration) : registration;
  },
});
