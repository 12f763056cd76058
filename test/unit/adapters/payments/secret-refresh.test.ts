// unit: the payment webhooks after an operator replaces the signing secret (issue 21 item 8). A warm
// function had read the placeholder; the first delivery signed with the real whsec_ must verify at
// once (the secret is read again on a failed signature), while bad signatures cost at most one read
// per interval. A fake Secrets Manager and a pinned clock stand in for AWS.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { verifyPaymentWebhook } from '#adapters/payments/stripe-signature';
import { secretSource, SECRET_MAX_AGE_MS, SECRET_MIN_REFRESH_INTERVAL_MS } from '#adapters/secrets/secret-source';
import { ValidationError } from '#core/errors';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:PaymentsWebhookSecret-AbCdEf';
const PLACEHOLDER = 'whsec_placeholder0000000000000000';
const REAL = 'whsec_real11111111111111111111111111';
const BODY = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });

function setUp() {
  const manager = { value: PLACEHOLDER, reads: 0 };
  let now = Date.UTC(2026, 0, 1);
  const clock = { now: () => new Date(now) };
  const source = secretSource('PAYMENTS_WEBHOOK_SECRET', 'PAYMENTS_WEBHOOK_SECRET_ARN', {
    env: { PAYMENTS_WEBHOOK_SECRET_ARN: ARN },
    clock,
    fetch: async () => {
      manager.reads += 1;
      return manager.value;
    },
  });
  const deliver = (secret: string) =>
    verifyPaymentWebhook(
      Buffer.from(BODY),
      Stripe.webhooks.generateTestHeaderString({ payload: BODY, secret, timestamp: Math.floor(now / 1000) }),
      {
        source,
        receivedAtMs: now,
      },
    );
  return { manager, deliver, advance: (ms: number) => (now += ms) };
}

describe('payment webhook signing secret replaced while functions are warm', () => {
  it('verifies the first delivery signed with the new secret at once', async () => {
    const { manager, deliver, advance } = setUp();
    await expect(deliver(REAL)).rejects.toThrow(ValidationError);
    // The operator puts the real value a minute later.
    advance(60_000);
    manager.value = REAL;
    await expect(deliver(REAL)).resolves.toMatchObject({ id: 'evt_1' });
    expect(manager.reads).toBe(2);
    // From now on the new value is cached: no read per delivery.
    await expect(deliver(REAL)).resolves.toMatchObject({ id: 'evt_1' });
    expect(manager.reads).toBe(2);
  });

  it('reads the secret at most once per interval, however many bad signatures arrive', async () => {
    const { manager, deliver, advance } = setUp();
    await expect(deliver(PLACEHOLDER)).resolves.toBeDefined();
    advance(SECRET_MIN_REFRESH_INTERVAL_MS);
    for (let i = 0; i < 10; i++)
      await expect(deliver('whsec_forged000000000000000000000')).rejects.toThrow(ValidationError);
    expect(manager.reads).toBe(2);
  });

  it('uses a new value after the maximum age even without a failed signature', async () => {
    const { manager, deliver, advance } = setUp();
    await deliver(PLACEHOLDER);
    manager.value = `${PLACEHOLDER},${REAL}`;
    advance(SECRET_MAX_AGE_MS);
    await expect(deliver(REAL)).resolves.toBeDefined();
    expect(manager.reads).toBe(2);
  });
});
