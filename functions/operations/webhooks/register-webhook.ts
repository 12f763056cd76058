// operation: POST /api/mcp/webhooks/register → registerWebhook → WebhookRepository
import { registerWebhook } from '#core/webhooks/use-cases';
import { created } from '#operations/outcome';
import { defineOperation } from '#operations/operation';
import { WebhookRegistrationView } from '#operations/views';
import { registrationDeps } from './webhook-deps.ts';
import { WebhookTarget } from './webhook-target.ts';
import { CANVAS, webhookRegistration } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'register_webhook',
  title: 'Create webhook endpoint',
  description:
    'Creates (or, when it exists, returns) the endpoint of a webhook-trigger node: the URL other systems call and its secret. A call with the secret starts a run from that node.',
  example: {
    input: { canvasId: CANVAS, triggerNodeId: 'hook' },
    status: 201,
    output: webhookRegistration(true),
    also: {
      status: 200,
      description: 'The trigger was registered already: its existing URL and secret',
      output: webhookRegistration(false),
    },
  },
  route: 'webhooks-register',
  http: writeRoute('/api/mcp/webhooks/register', 'write:canvas', 'webhooks', { table: 'readWrite', webhookKey: true }),
  input: WebhookTarget,
  output: WebhookRegistrationView,
  // Returns the existing endpoint when there is one: repeating it changes nothing.
  audit: 'webhook.register',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(input, { principal, publicBaseUrl }) {
    const registration = await registerWebhook(principal, input, {
      ...registrationDeps,
      publicBaseUrl: publicBaseUrl(),
    });
    return registration.created ? created(registration) : registration;
  },
});
