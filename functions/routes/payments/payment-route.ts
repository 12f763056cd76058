// route support: a payment-provider webhook route. Authenticated by the provider's signature over the
// raw body (not a workspace key), so it is assembled here rather than by defineRoute; errors still go
// through the one error mapper: a bad signature is 400, our own failure 500 (the provider retries it).
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { systemClock } from '#core/clock';
import { PayloadTooLargeError } from '#core/errors';
import { parseEnvelope, type PaymentOutcome, type StripeEventEnvelope } from '#core/credits/payments';
import { priceBook } from '#core/credits/prices';
import type { CreditDeps } from '#core/credits/ledger';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { observed } from '#adapters/observability/powertools';
import { verifyPaymentWebhook } from '#adapters/payments/stripe-signature';
import { errorResponse } from '#http/errors';
import { header, rawBody } from '#http/request';
import { jsonResponse } from '#http/responses';
import { routeById } from '#routes/manifest';
import type { RouteHandler } from '#http/route';

const ledger = new DynamoLedgerRepository();

export function paymentWebhookRoute(
  routeId: string,
  apply: (event: StripeEventEnvelope, deps: CreditDeps) => Promise<PaymentOutcome>,
): RouteHandler {
  const route = routeById(routeId);
  const maxBodyBytes = route.maxBodyBytes ?? 256 * 1024;
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .onError((request) => {
      request.response = errorResponse(request.error, request.event.requestContext?.requestId);
    })
    .handler(async (event) => {
      const body = rawBody(event);
      if (body.length > maxBodyBytes) throw new PayloadTooLargeError(`Body is larger than ${maxBodyBytes} bytes`);
      const verified = await verifyPaymentWebhook(body, header(event, 'stripe-signature'));
      const envelope = parseEnvelope(verified);
      const outcome: PaymentOutcome = envelope
        ? await apply(envelope, { ledger, clock: systemClock, prices: priceBook() })
        : { applied: false, reason: 'not an event' };
      // Every event is logged with what it did: an ignored one (unknown workspace, missing metadata) is
      // answered 200 so the provider stops retrying, and this line is how an operator finds it.
      console.log(
        JSON.stringify({
          level: outcome.applied || outcome.duplicate ? 'info' : 'warn',
          message: 'payment webhook',
          route: route.path,
          eventId: envelope?.id,
          eventType: envelope?.type,
          requestId: event.requestContext?.requestId,
          ...outcome,
        }),
      );
      return jsonResponse(200, { received: true, eventId: envelope?.id ?? null, ...outcome });
    });
  return observed(handler);
}
