// unit: Stripe signatures, checked by the `stripe` package's own verifier through its supported entry,
// with our future-timestamp bound beside it (functions/adapters/payments/stripe-signature.ts for the
// payment webhooks, the trigger's verify=stripe in webhook-signatures/verifiers.ts, and the bound itself
// in payments/stripe-timestamp.ts). Headers are made by the package's own test helper.
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_SECONDS, verifyStripeEvent } from '#adapters/payments/stripe-signature';
import { stripeTimestampTooNew } from '#adapters/payments/stripe-timestamp';
import { signatureVerifiers } from '#adapters/webhook-signatures/verifiers';
import { SignatureRejectedError, ValidationError } from '#core/errors';

const secret = 'whsec_test_secret';
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_1', name: 'Café ☕' } },
});
const now = 1_800_000_000;
const nowMs = now * 1000;

const signed = (options: { timestamp?: number; secret?: string; body?: string } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload: options.body ?? payload,
    secret: options.secret ?? secret,
    timestamp: options.timestamp ?? now,
  });
const v1Of = (header: string) => /v1=([0-9a-f]+)/.exec(header)![1]!;

describe('verifyStripeEvent (payment webhooks)', () => {
  const verify = (header: string | undefined, options: { body?: string; secrets?: string[] } = {}) =>
    verifyStripeEvent(Buffer.from(options.body ?? payload), header, options.secrets ?? [secret], nowMs);

  it('returns the parsed event for a valid signature, up to the tolerance old or ahead', () => {
    expect(verify(signed())).toMatchObject({ id: 'evt_1', data: { object: { name: 'Café ☕' } } });
    expect(verify(signed({ timestamp: now - SIGNATURE_TOLERANCE_SECONDS }))).toMatchObject({ id: 'evt_1' });
    expect(verify(signed({ timestamp: now + SIGNATURE_TOLERANCE_SECONDS }))).toMatchObject({ id: 'evt_1' });
    // One right v1 among several is enough (Stripe sends one per active secret of the endpoint).
    expect(verify(`t=${now},v1=${'0'.repeat(64)},v1=${v1Of(signed())}`)).toMatchObject({ id: 'evt_1' });
  });

  it('accepts a signature by any of several secrets (rotation, or one per endpoint)', () => {
    const secrets = ['whsec_old', 'whsec_other_endpoint', secret];
    expect(verify(signed(), { secrets })).toMatchObject({ id: 'evt_1' });
    expect(verify(signed({ secret: 'whsec_old' }), { secrets })).toMatchObject({ id: 'evt_1' });
    expect(() => verify(signed({ secret: 'whsec_retired' }), { secrets })).toThrow(ValidationError);
  });

  it.each([
    ['a wrong secret', () => signed({ secret: 'whsec_other' }), payload],
    ['a tampered body', () => signed(), payload.replace('cs_1', 'cs_2')],
    ['a stale timestamp', () => signed({ timestamp: now - SIGNATURE_TOLERANCE_SECONDS - 1 }), payload],
    ['a timestamp too far ahead', () => signed({ timestamp: now + SIGNATURE_TOLERANCE_SECONDS + 1 }), payload],
    ['a year ahead', () => signed({ timestamp: now + 365 * 86_400 }), payload],
    ['a fresh t= beside one far ahead', () => `t=${now + 3600},${signed()}`, payload],
    ['only a v0 signature', () => `t=${now},v0=${v1Of(signed())}`, payload],
    ['no timestamp', () => `v1=${v1Of(signed())}`, payload],
    ['a timestamp that is not a number', () => `t=soon,v1=${v1Of(signed())}`, payload],
    // The package signs against parseInt('soon') = NaN, whose age is never over the tolerance: such a
    // header, signed once with the secret, would verify forever without our bound.
    [
      'a signature over a NaN timestamp',
      () => `t=soon,v1=${createHmac('sha256', secret).update(`NaN.${payload}`).digest('hex')}`,
      payload,
    ],
    ['garbage', () => 'garbage', payload],
    ['a signed body that is not JSON', () => signed({ body: 'not json' }), 'not json'],
  ])('refuses %s with a ValidationError (400)', (_name, header, body) => {
    expect(() => verify(header(), { body })).toThrow(ValidationError);
  });

  it('refuses a missing header with a ValidationError (400)', () => {
    expect(() => verify(undefined)).toThrow(ValidationError);
    expect(() => verify('')).toThrow(ValidationError);
  });
});

describe('signatureVerifiers.stripe (the trigger URL, verify=stripe)', () => {
  const clock = () => Math.floor(Date.now() / 1000);
  const verify = (header: string, body = payload, key = secret) =>
    signatureVerifiers.stripe({ headers: { 'stripe-signature': header }, body: Buffer.from(body) }, key);

  it('accepts a valid signature, also of a body that is not JSON', async () => {
    await expect(verify(signed({ timestamp: clock() }))).resolves.toBeUndefined();
    await expect(verify(signed({ timestamp: clock(), body: 'plain text' }), 'plain text')).resolves.toBeUndefined();
  });

  it.each([
    ['a wrong secret', () => verify(signed({ timestamp: clock(), secret: 'whsec_other' }))],
    ['a tampered body', () => verify(signed({ timestamp: clock() }), payload.replace('cs_1', 'cs_2'))],
    ['a stale timestamp', () => verify(signed({ timestamp: clock() - SIGNATURE_TOLERANCE_SECONDS - 5 }))],
    ['a timestamp too far ahead', () => verify(signed({ timestamp: clock() + SIGNATURE_TOLERANCE_SECONDS + 5 }))],
    ['a malformed header', () => verify('t=1,v1')],
  ])('refuses %s (SignatureRejectedError, 401)', async (_name, attempt) => {
    await expect(attempt()).rejects.toThrow(SignatureRejectedError);
  });

  it('asks for the header when it is missing (400)', async () => {
    await expect(signatureVerifiers.stripe({ headers: {}, body: Buffer.from(payload) }, secret)).rejects.toThrow(
      ValidationError,
    );
  });
});

describe('stripeTimestampTooNew (the bound the package lacks)', () => {
  it('passes timestamps up to the tolerance ahead, and any in the past (the package judges those)', () => {
    expect(stripeTimestampTooNew(`t=${now + 300},v1=x`, 300, nowMs)).toBeUndefined();
    expect(stripeTimestampTooNew(`t=${now - 86_400},v1=x`, 300, nowMs)).toBeUndefined();
    expect(stripeTimestampTooNew('v1=x', 300, nowMs)).toBeUndefined();
  });

  it('refuses a timestamp past the tolerance ahead, wherever it is in the header', () => {
    const tooNew = 'Timestamp is more than 300 s in the future';
    expect(stripeTimestampTooNew(`t=${now + 301},v1=x`, 300, nowMs)).toBe(tooNew);
    expect(stripeTimestampTooNew(`t=${now},v1=x,t=${now + 3600}`, 300, nowMs)).toBe(tooNew);
    expect(stripeTimestampTooNew(`t=${now + 3600},t=${now},v1=x`, 300, nowMs)).toBe(tooNew);
    expect(stripeTimestampTooNew(` t=${now + 3600} ,v1=x`, 300, nowMs)).toBe(tooNew);
    // The package reads `t=` with parseInt: trailing characters do not hide a far-future timestamp.
    expect(stripeTimestampTooNew(`t=${now + 3600}abc,v1=x`, 300, nowMs)).toBe(tooNew);
  });

  it('refuses a timestamp that is not a number (whose age the package cannot compare, so never stale)', () => {
    expect(stripeTimestampTooNew('t=soon,v1=x', 300, nowMs)).toBe('Timestamp is not a number');
  });
});
