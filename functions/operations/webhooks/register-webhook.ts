// operation: POST /api/mcp/webhooks/register → registerWebhook → WebhookRepository
import { registerWebhook } from '#core/webhooks/use-cases';
import { created } from '#operations/outcome';
import { defineOperation } from '#operations/operation';
import { WebhookRegistrationView } from '#operations/views';
import { registrationDeps } from './webhook-deps.ts';
import { WebhookTarget } from './webhook-target.ts';
import { CANVAS } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'register_webhook',
  title: 'Create webhook endpoint',
  description:
    'Creates (or, when it exists, returns) ' +
    'the endpoint of a ' +
    'webhook-trigger node: the URL other systems ' +
    'call and its secret. A call with the secret ' +
    'starts a run from that node.',
  example: {
    input: { canvasId: CANVAS, triggerNodeId: 'hook' },
    status: 201,
    output: {
      webhookUrl: 'http://127.0.0.1:3001/webhook/trigger',
      webhookSecret: 'whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
      webhookAuthorizationHeader: 'Bearer whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
      triggerNodeId: 'hook',
      created: true,
      signedUrls: {
        github:
          'http://127.0.0.1:3001/webhook/trigger?verify=github&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
        stripe:
          'http://127.0.0.1:3001/webhook/trigger?verify=stripe&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
        shopify:
          'http://127.0.0.1:3001/webhook/trigger?verify=shopify&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
        'standard-webhooks':
          'http://127.0.0.1:3001/webhook/trigger?verify=standard-webhooks&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
      },
      standardWebhooksSecret: 'whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
    },
    also: {
      status: 200,
      description: 'The trigger was registered already: its existing URL and secret',
      output: {
        webhookUrl: 'http://127.0.0.1:3001/webhook/trigger',
        webhookSecret: 'whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
        webhookAuthorizationHeader: 'Bearer whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
        triggerNodeId: 'hook',
        created: false,
        signedUrls: {
          github:
            'http://127.0.0.1:3001/webhook/trigger?verify=github&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
          stripe:
            'http://127.0.0.1:3001/webhook/trigger?verify=stripe&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
          shopify:
            'http://127.0.0.1:3001/webhook/trigger?verify=shopify&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
          'standard-webhooks':
            'http://127.0.0.1:3001/webhook/trigger?verify=standard-webhooks&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
        },
        standardWebhooksSecret: 'whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
      },
    },
  },
  route: 'webhooks-register',
  http: writeRoute('/api/mcp/webhooks/register', 'write:canvas', 'webhooks', { table: 'readWrite', webhookKey: true }),
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
