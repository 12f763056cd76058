// operations: the output schema of list_webhooks (one webhook-trigger node and its registration).
import * as z from '#core/schema';

const text = (description: string) => z.string().check(z.describe(description));
const nullableText = (description: string) => z.nullable(z.string()).check(z.describe(description));

const SecretSetView = z
  .looseObject({
    set: z.boolean().check(z.describe('A provider signing secret is stored for this scheme')),
    setAt: nullableText('When it was stored (ISO 8601, UTC); null when none is'),
  })
  .check(z.describe('Whether this scheme verifies with a stored provider secret (the secret is never answered)'));

export const WebhookListingView = z.looseObject({
  canvasId: text('Canvas of the node'),
  canvasName: text('Name of that canvas'),
  canvasArchived: z.boolean().check(z.describe('The canvas is archived')),
  triggerNodeId: text('The webhook-trigger node'),
  nodeLabel: nullableText("The node's label, if it has one"),
  registered: z
    .boolean()
    .check(z.describe('The node has an endpoint (register_webhook); false: calls get 404 until it is registered')),
  webhookUrl: nullableText('URL other systems call with the secret in a header; null when not registered'),
  signedUrls: z
    .nullable(
      z.looseObject({ github: z.string(), stripe: z.string(), shopify: z.string(), 'standard-webhooks': z.string() }),
    )
    .check(z.describe("URLs that verify a provider's signature instead of a secret header; null when not registered")),
  registeredAt: nullableText('When the endpoint was registered (ISO 8601, UTC)'),
  lastTriggeredAt: nullableText('Last accepted call (ISO 8601, UTC); null if never'),
  lastExecutionId: nullableText('Run started by the last accepted call'),
  signingSecrets: z
    .nullable(
      z.looseObject({
        github: SecretSetView,
        stripe: SecretSetView,
        shopify: SecretSetView,
        'standard-webhooks': SecretSetView,
      }),
    )
    .check(z.describe('Per signature scheme, whether a provider signing secret is stored; null when not registered')),
});
