// unit: the timestamped signature schemes refuse a timestamp outside the tolerance in both directions
// (issue 21 item 10). Stripe's own library checks only the past, so a delivery signed a year ahead was
// accepted by the trigger's Stripe URL and by the payment webhooks (and credited credits).
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signatureVerifiers } from '#adapters/webhook-signatures/verifiers';
import { SIGNATURE_TOLERANCE_SECONDS, verifyStripeEvent } from '#adapters/payments/stripe-signature';
import { SignatureRejectedError, ValidationError } from '#core/errors';
import { standardWebhooksSecret } from '#core/webhooks/signatures';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64url')}`;
const BODY = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } });
const NOW_MS = Date.UTC(2026, 5, 1, 12, 0, 0);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const YEAR = 365 * 24 * 60 * 60;

const stripeHeader = (timestamp: number, secret = SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload: BODY, secret, timestamp });

describe('trigger URL, verify=stripe', () => {
  const verify = (timestamp: number) =>
    signatureVerifiers.stripe(
      { headers: { 'stripe-signature': stripeHeader(timestamp) }, body: Buffer.from(BODY) },
      SECRET,
    );

  it.each([
    ['a year ahead', YEAR],
    ['just past the tolerance ahead', SIGNATURE_TOLERANCE_SECONDS + 5],
    ['just past the tolerance behind', -(SIGNATURE_TOLERANCE_SECONDS + 5)],
  ])('refuses a timestamp %s with 401', async (_label, offset) => {
    await expect(verify(nowSeconds() + offset)).rejects.toThrow(SignatureRejectedError);
  });

  it.each([
    ['now', 0],
    ['a little ahead (clock skew)', 60],
    ['a little behind', -240],
  ])('accepts a timestamp %s', async (_label, offset) => {
    await expect(verify(nowSeconds() + offset)).resolves.toBeUndefined();
  });

  it('refuses a header whose later t= is far ahead even if an earlier one is fresh', async () => {
    const fresh = stripeHeader(nowSeconds());
    const ahead = stripeHeader(nowSeconds() + YEAR);
    const header = `${fresh},${ahead}`;
    await expect(
      signatureVerifiers.stripe({ headers: { 'stripe-signature': header }, body: Buffer.from(BODY) }, SECRET),
    ).rejects.toThrow(SignatureRejectedError);
  });
});

describe('trigger URL, verify=standard-webhooks', () => {
  // The standardwebhooks library already checks both directions; pinned here so a swap of library cannot lose it.
  const verify = (at: number) => {
    const signature = new Webhook(standardWebhooksSecret(SECRET)).sign('msg_1', new Date(at * 1000), BODY);
    return signatureVerifiers['standard-webhooks'](
      {
        headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': String(at), 'webhook-signature': signature },
        body: Buffer.from(BODY),
      },
      SECRET,
    );
  };

  it.each([YEAR, SIGNATURE_TOLERANCE_SECONDS + 5, -(SIGNATURE_TOLERANCE_SECONDS + 5)])(
    'refuses a timestamp %i s away',
    async (offset) => {
      await expect(verify(nowSeconds() + offset)).rejects.toThrow(SignatureRejectedError);
    },
  );

  it('accepts one a minute ahead', async () => {
    await expect(verify(nowSeconds() + 60)).resolves.toBeUndefined();
  });
});

describe('payment webhooks (verifyStripeEvent)', () => {
  const at = (offsetSeconds: number) => Math.floor(NOW_MS / 1000) + offsetSeconds;

  it.each([YEAR, SIGNATURE_TOLERANCE_SECONDS + 1, -(SIGNATURE_TOLERANCE_SECONDS + 1)])(
    'refuses a signature made %i s from the receiving clock with 400',
    (offset) => {
      expect(() => verifyStripeEvent(Buffer.from(BODY), stripeHeader(at(offset)), [SECRET], NOW_MS)).toThrow(
        ValidationError,
      );
    },
  );

  it.each([0, 60, SIGNATURE_TOLERANCE_SECONDS, -SIGNATURE_TOLERANCE_SECONDS])(
    'accepts one made %i s from it',
    (offset) => {
      expect(verifyStripeEvent(Buffer.from(BODY), stripeHeader(at(offset)), [SECRET], NOW_MS)).toMatchObject({
        id: 'evt_1',
      });
    },
  );
});
