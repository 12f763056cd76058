// The webhook-only Stripe module Lambda bundles use in place of the package verifies exactly what the
// package does, and our verifier refuses what it must (stale, tampered, foreign secret, no header).
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import Slim from '../../../../functions/adapters/payments/stripe-webhooks-only.ts';
import { SIGNATURE_TOLERANCE_SECONDS, verifyStripeEvent } from '#adapters/payments/stripe-signature';
import { ValidationError } from '#core/errors';

const secret = 'whsec_test_secret';
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_1' } },
});
const now = 1_800_000_000;

describe('webhook-only Stripe module', () => {
  it('accepts what the package accepts and refuses what it refuses', () => {
    // Prepare: headers made by the package's own test helper
    const valid = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now });
    const cases: Array<[string, string]> = [
      [payload, valid],
      [payload.replace('cs_1', 'cs_2'), valid],
      [payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other', timestamp: now })],
      [
        payload,
        Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now - SIGNATURE_TOLERANCE_SECONDS - 1 }),
      ],
    ];
    // Act / Assess
    for (const [body, header] of cases) {
      const outcome = (verifier: typeof Stripe.webhooks) => {
        try {
          return verifier.constructEvent(body, header, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, now * 1000);
        } catch (error) {
          return (error as Error).message;
        }
      };
      expect(outcome(Slim.webhooks as unknown as typeof Stripe.webhooks)).toEqual(outcome(Stripe.webhooks));
    }
    expect(
      (Slim.webhooks.constructEvent(payload, valid, secret, 300, undefined, now * 1000) as { id: string }).id,
    ).toBe('evt_1');
  });
});

describe('verifyStripeEvent', () => {
  const header = (options: { timestamp?: number; secret?: string } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? secret,
      timestamp: options.timestamp ?? now,
    });

  it('returns the event for a valid signature by any of the secrets, within 5 minutes', () => {
    expect(verifyStripeEvent(Buffer.from(payload), header(), ['whsec_old', secret], now * 1000)).toMatchObject({
      id: 'evt_1',
    });
    expect(
      verifyStripeEvent(Buffer.from(payload), header({ timestamp: now - 300 }), [secret], now * 1000),
    ).toMatchObject({ id: 'evt_1' });
  });

  it('refuses stale, tampered, foreign and missing signatures with a ValidationError', () => {
    const refused = [
      () => verifyStripeEvent(Buffer.from(payload), header({ timestamp: now - 301 }), [secret], now * 1000),
      () => verifyStripeEvent(Buffer.from(payload.replace('evt_1', 'evt_2')), header(), [secret], now * 1000),
      () => verifyStripeEvent(Buffer.from(payload), header({ secret: 'whsec_other' }), [secret], now * 1000),
      () => verifyStripeEvent(Buffer.from(payload), undefined, [secret], now * 1000),
      () => verifyStripeEvent(Buffer.from(payload), 'garbage', [secret], now * 1000),
    ];
    for (const attempt of refused) expect(attempt).toThrow(ValidationError);
  });
});
