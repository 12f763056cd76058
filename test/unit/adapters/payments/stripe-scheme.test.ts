// Stripe's signature scheme as written in functions/adapters/payments/stripe-scheme.ts verifies exactly
// what the `stripe` package's own verifier does (but refuses timestamps too far ahead, which the package
// accepts), and our event verifier refuses what it must (stale, tampered, foreign secret, no header).
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_SECONDS, verifyStripeEvent } from '#adapters/payments/stripe-signature';
import { stripeSignatureProblem } from '#adapters/payments/stripe-scheme';
import { ValidationError } from '#core/errors';

const secret = 'whsec_test_secret';
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_1', name: 'Café ☕' } },
});
const now = 1_800_000_000;

/** A header made by the package's own test helper. */
const signed = (options: { timestamp?: number; secret?: string; body?: string } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload: options.body ?? payload,
    secret: options.secret ?? secret,
    timestamp: options.timestamp ?? now,
  });
const v1Of = (header: string) => /v1=([0-9a-f]+)/.exec(header)![1]!;

describe('stripeSignatureProblem', () => {
  it("accepts what the package's verifier accepts and refuses what it refuses", () => {
    // Prepare: [case, body, header]
    const valid = signed();
    const cases: Array<[string, string, string]> = [
      ['valid', payload, valid],
      ['tampered body', payload.replace('cs_1', 'cs_2'), valid],
      ['another secret', payload, signed({ secret: 'whsec_other' })],
      ['300 s old', payload, signed({ timestamp: now - SIGNATURE_TOLERANCE_SECONDS })],
      ['301 s old', payload, signed({ timestamp: now - SIGNATURE_TOLERANCE_SECONDS - 1 })],
      ['a wrong v1 beside the right one', payload, `t=${now},v1=${'0'.repeat(64)},v1=${v1Of(valid)}`],
      ['only a v0', payload, `t=${now},v0=${v1Of(valid)}`],
      ['upper-case hex', payload, `t=${now},v1=${v1Of(valid).toUpperCase()}`],
      ['no timestamp', payload, `v1=${v1Of(valid)}`],
      ['a timestamp that is not a number', payload, `t=soon,v1=${v1Of(valid)}`],
      ['the last of two timestamps is signed', payload, `t=${now - 10},${valid}`],
      ['the first of two timestamps is signed', payload, `${valid},t=${now - 10}`],
      ['spaces around the parts', payload, ` t=${now} , v1=${v1Of(valid)} `],
      ['garbage', payload, 'garbage'],
      ['empty', payload, ''],
    ];
    // Act
    const outcomes = cases.map(([name, body, header]) => {
      let packageAccepts = true;
      try {
        Stripe.webhooks.constructEvent(body, header, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, now * 1000);
      } catch {
        packageAccepts = false;
      }
      const oursAccepts = stripeSignatureProblem(Buffer.from(body), header, secret, now * 1000) === undefined;
      return { name, packageAccepts, oursAccepts };
    });
    // Assess: both agree on every case, and the cases accept and refuse both.
    for (const outcome of outcomes) expect(outcome.oursAccepts, outcome.name).toBe(outcome.packageAccepts);
    expect(new Set(outcomes.map((outcome) => outcome.oursAccepts))).toEqual(new Set([true, false]));
  });

  it('refuses a timestamp more than the tolerance ahead of the clock, which the package accepts', () => {
    // Prepare
    const ahead = signed({ timestamp: now + SIGNATURE_TOLERANCE_SECONDS + 1 });
    const justAhead = signed({ timestamp: now + SIGNATURE_TOLERANCE_SECONDS });
    // Act / Assess
    expect(() =>
      Stripe.webhooks.constructEvent(payload, ahead, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, now * 1000),
    ).not.toThrow();
    expect(stripeSignatureProblem(Buffer.from(payload), ahead, secret, now * 1000)).toBe(
      `Timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} s in the future`,
    );
    expect(stripeSignatureProblem(Buffer.from(payload), justAhead, secret, now * 1000)).toBeUndefined();
    // Any `t=` too far ahead refuses the header, even when an earlier one is the one signed.
    expect(
      stripeSignatureProblem(Buffer.from(payload), `t=${now + 3600},${signed()}`, secret, now * 1000),
    ).toBeDefined();
  });
});

describe('verifyStripeEvent', () => {
  const header = signed;

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
      () => verifyStripeEvent(Buffer.from('not json'), signed({ body: 'not json' }), [secret], now * 1000),
    ];
    for (const attempt of refused) expect(attempt).toThrow(ValidationError);
  });
});
