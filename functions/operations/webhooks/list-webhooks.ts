// operation (tool only): list_webhooks → listWebhooks → CanvasRepository, WebhookRepository
import * as z from '#core/schema';
import { listWebhooks } from '#core/webhooks/list';
import { canvases, webhooks } from '#adapters/composition/stores';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { pageOf } from '#operations/views';
import { WebhookListingView } from './views.ts';
import { AT, CANVAS, EXECUTION, LATER, WEBHOOK_URL, webhookSignedUrls } from '#operations/example-values';

export const operation = defineOperation({
  name: 'list_webhooks',
  title: 'List webhook triggers',
  description:
    "Lists the workspace's webhook-trigger nodes across canvases, a page of canvases at a time: whether each is registered, its URL and signed URLs, when it was last called, and per signature scheme whether a provider signing secret is stored (never the secret). The trigger's own secret is not listed: register_webhook returns it.",
  example: {
    input: { limit: 25 },
    status: 200,
    output: {
      items: [
        {
          canvasId: CANVAS,
          canvasName: 'Order intake',
          canvasArchived: false,
          triggerNodeId: 'hook',
          nodeLabel: 'Shop orders',
          registered: true,
          webhookUrl: WEBHOOK_URL,
          signedUrls: webhookSignedUrls,
          registeredAt: AT,
          lastTriggeredAt: LATER,
          lastExecutionId: EXECUTION,
          signingSecrets: {
            github: { set: false, setAt: null },
            stripe: { set: true, setAt: '2026-11-24T09:30:00.000Z' },
            shopify: { set: false, setAt: null },
            'standard-webhooks': { set: false, setAt: null },
          },
        },
        {
          canvasId: CANVAS,
          canvasName: 'Order intake',
          canvasArchived: false,
          triggerNodeId: 'refunds',
          nodeLabel: null,
          registered: false,
          webhookUrl: null,
          signedUrls: null,
          registeredAt: null,
          lastTriggeredAt: null,
          lastExecutionId: null,
          signingSecrets: null,
        },
      ],
      nextCursor: null,
    },
  },
  route: null,
  scope: 'read:canvases',
  withoutRoute:
    'The interface names no HTTP route for listing webhooks (its webhook routes are register, revoke and signing-secret); the studio and agents list them through the gateway.',
  input: z.strictObject({
    // Each canvas on a page is read whole (its nodes), so pages are smaller than list_canvases'.
    limit: z
      ._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 25)
      .check(z.describe('Canvases per page, 1–50 (default 25)')),
    cursor: z.optional(
      z
        .string()
        .check(
          z.minLength(1),
          z.maxLength(2048),
          z.describe('nextCursor of the previous page; omit for the first page'),
        ),
    ),
  }),
  output: pageOf(WebhookListingView, 'Webhook-trigger nodes of this page of canvases (a page may hold none)'),
  annotations: READ_ONLY,
  run: (input, { principal, publicBaseUrl }) =>
    listWebhooks(principal, input, { canvases, webhooks, publicBaseUrl: publicBaseUrl() }),
});
