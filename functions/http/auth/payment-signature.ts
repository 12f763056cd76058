// http: a payment provider's webhook delivery (manifest auth 'public': no workspace credential; the
// provider's protocol authenticates). Stripe-Signature (t=…,v1=…) over the raw body, checked by the
// provider's own package (functions/adapters/payments/stripe-signature.ts): 400 when wrong, so the
// provider does not retry a forgery. The caller is the verified event.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { PayloadTooLargeError } from '#core/errors';
import { verifyPaymentWebhook } from '#adapters/payments/stripe-signature';
import type { HandWrittenRoute } from '#route-table/hand-written-routes';
import { DEFAULT_MAX_BODY_BYTES } from '../parse.ts';
import { header, rawBody } from '../request.ts';
import type { Authenticator } from './authenticator.ts';

/** The payment provider's event, parsed from the body its signature covers. */
export const paymentProviderSignature: Authenticator<unknown> = {
  kind: 'public',
  async authenticate(event: APIGatewayProxyEvent, route: HandWrittenRoute) {
    const body = rawBody(event);
    const maxBodyBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    if (body.length > maxBodyBytes) throw new PayloadTooLargeError(`Body is larger than ${maxBodyBytes} bytes`);
    return verifyPaymentWebhook(body, header(event, 'stripe-signature'));
  },
  principalOf: () => undefined,
};
