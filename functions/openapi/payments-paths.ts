// openapi: the payment-provider webhook routes, described by hand (they are not operations: the
// provider calls them, authenticated by its signature over the raw body). See docs/billing.md "Payments".
import { DEFAULT_MAX_BODY_BYTES } from '#http/parse';
import type { RouteDefinition } from '#route-table/manifest';
import type { OperationObject, PathItem } from './types.ts';

const json = (schema: Record<string, unknown>, example: unknown) => ({ 'application/json': { schema, example } });
const error = (description: string) => ({ $ref: `#/components/responses/${description}` });
const OUTCOME = {
  type: 'object',
  additionalProperties: true,
  required: ['received', 'applied'],
  properties: {
    received: { const: true },
    eventId: { type: ['string', 'null'], description: "The provider's event id" },
    applied: { type: 'boolean', description: 'Credits were added by this delivery' },
    duplicate: {
      type: 'boolean',
      description: 'The credits had been added by an earlier delivery (nothing added now)',
    },
    reason: {
      type: 'string',
      description: 'Why nothing was added (event type not handled, unpaid, unknown workspace, bad metadata)',
    },
    workspaceId: { type: 'string' },
    credits: { type: 'integer' },
    entryId: { type: 'string', description: 'The purchase transaction' },
  },
};

function webhook(
  route: RouteDefinition,
  operationId: string,
  summary: string,
  description: string,
  example: Record<string, unknown>,
  answer: Record<string, unknown>,
): OperationObject {
  return {
    operationId,
    summary,
    description: `${description} Signed by the provider (Stripe-Signature: t=…,v1=…, HMAC-SHA256 of "t.rawBody", at most 5 minutes old); answered 200 whenever the signature is valid, so the provider stops retrying, 400 when it is not, and 503 while no signing secret is configured (the provider retries). Body up to ${route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES} bytes.`,
    tags: ['payments'],
    security: [],
    parameters: [
      {
        name: 'Stripe-Signature',
        in: 'header',
        required: true,
        schema: { type: 'string' },
        example: 't=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      },
    ],
    requestBody: {
      required: true,
      description: 'The provider event, exactly as sent (the signature covers the raw bytes)',
      content: json({ type: 'object' }, example),
    },
    responses: {
      '200': { description: 'Received: what the event did', content: json(OUTCOME, answer) },
      '400': error('BadRequest'),
      '413': error('PayloadTooLarge'),
      '500': error('InternalError'),
      '503': error('NotConfigured'),
    },
  };
}

const WORKSPACE = 'ws_01jd8x3q2v5k7m9p1r3t5w7y9a';

export function paymentsPaths(route: RouteDefinition): Record<string, PathItem> | undefined {
  if (route.id === 'payments-webhooks') {
    return {
      [route.path]: {
        post: webhook(
          route,
          'payments_webhook',
          'Payment webhook: credit packs',
          'checkout.session.completed (paid) and checkout.session.async_payment_succeeded add metadata.credits to metadata.workspaceId, once per checkout session.',
          {
            id: 'evt_1QxYz2AbCdEf',
            object: 'event',
            type: 'checkout.session.completed',
            data: {
              object: {
                id: 'cs_test_a1B2c3',
                object: 'checkout.session',
                payment_status: 'paid',
                amount_total: 5000,
                currency: 'usd',
                metadata: { workspaceId: WORKSPACE, credits: '5000' },
              },
            },
          },
          {
            received: true,
            eventId: 'evt_1QxYz2AbCdEf',
            applied: true,
            workspaceId: WORKSPACE,
            credits: 5000,
            entryId: 'led_01jd8x9z1b3d5f7h9k1m3p5r7t',
          },
        ),
      },
    };
  }
  if (route.id === 'payments-plan-webhooks') {
    return {
      [route.path]: {
        post: webhook(
          route,
          'payments_plan_webhook',
          'Payment webhook: plan invoices',
          "invoice.paid of a subscription grants the plan's monthly credits (per plan line, × quantity) to the workspace named in the subscription's metadata.workspaceId, once per invoice.",
          {
            id: 'evt_1QxZa3BcDeFg',
            object: 'event',
            type: 'invoice.paid',
            data: {
              object: {
                id: 'in_1QxZa3',
                object: 'invoice',
                amount_paid: 4900,
                currency: 'usd',
                parent: { subscription_details: { metadata: { workspaceId: WORKSPACE } } },
                lines: { data: [{ quantity: 1, pricing: { price_details: { price: 'plan_pro_monthly' } } }] },
              },
            },
          },
          {
            received: true,
            eventId: 'evt_1QxZa3BcDeFg',
            applied: true,
            workspaceId: WORKSPACE,
            credits: 10000,
            entryId: 'led_01jd8xb3n5q7s9u1w3y5a7c9e1',
          },
        ),
      },
    };
  }
  return undefined;
}
