// route support: a payment-provider webhook route. Authenticated by the provider's signature over the
// raw body (functions/http/auth/payment-signature.ts), not a workspace key: a bad signature is 400,
// our own failure 500 (the provider retries it).
import { parseEnvelope, type PaymentOutcome, type StripeEventEnvelope } from '#core/credits/payments';
import { telemetry } from '#core/telemetry';
import type { CreditDeps } from '#core/credits/ledger';
import { creditDeps } from '#adapters/composition/credits';
import { paymentProviderSignature } from '#http/auth/payment-signature';
import { defineHandler, type RouteHandler } from '#http/handler';

export function paymentWebhookRoute(
  routeId: string,
  apply: (event: StripeEventEnvelope, deps: CreditDeps) => Promise<PaymentOutcome>,
): RouteHandler {
  return defineHandler(
    { route: routeId, auth: paymentProviderSignature },
    async ({ caller: verified, route, event }) => {
      const envelope = parseEnvelope(verified);
      const outcome: PaymentOutcome = envelope
        ? await apply(envelope, creditDeps())
        : { applied: false, reason: 'not an event' };
      // Every event is logged with what it did: an ignored one (unknown workspace, missing metadata) is
      // answered 200 so the provider stops retrying, and this line is how an operator finds it.
      (outcome.applied || outcome.duplicate ? telemetry.info : telemetry.warn)('payment webhook', {
        route: route.path,
        eventId: envelope?.id,
        eventType: envelope?.type,
        requestId: event.requestContext?.requestId,
        ...outcome,
      });
      return { received: true, eventId: envelope?.id ?? null, ...outcome };
    },
  );
}
