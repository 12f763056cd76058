// unit: an incoming webhook call's provider hint and idempotency key (functions/core/webhooks/request.ts):
// which delivery counts as a replay of which, and for how long.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import {
  CALLER_KEY_TTL_SECONDS,
  PROVIDER_KEY_TTL_SECONDS,
  parseWebhookBody,
  providerHint,
  webhookIdempotency,
} from '#core/webhooks/request';

describe('providerHint', () => {
  it('recognises GitHub by X-GitHub-Delivery, with X-GitHub-Event as the event type', () => {
    expect(providerHint({ 'x-github-delivery': 'd-1', 'x-github-event': 'push' }, {})).toEqual({
      provider: 'github',
      eventId: 'd-1',
      eventType: 'push',
    });
  });

  it('recognises Stripe by Stripe-Signature plus the event id in the body', () => {
    // Act
    const hint = providerHint({ 'stripe-signature': 't=1,v1=abc' }, { id: 'evt_1', type: 'invoice.paid' });
    const withoutId = providerHint({ 'stripe-signature': 't=1,v1=abc' }, { type: 'invoice.paid' });

    // Assess
    expect(hint).toEqual({ provider: 'stripe', eventId: 'evt_1', eventType: 'invoice.paid' });
    expect(withoutId).toBeUndefined();
  });

  it('recognises Shopify by X-Shopify-Webhook-Id, with X-Shopify-Topic as the event type', () => {
    expect(providerHint({ 'x-shopify-webhook-id': 'sh-1', 'x-shopify-topic': 'orders/create' }, {})).toEqual({
      provider: 'shopify',
      eventId: 'sh-1',
      eventType: 'orders/create',
    });
  });

  it('recognises Standard Webhooks (webhook-id) and Svix (svix-id)', () => {
    expect(providerHint({ 'webhook-id': 'msg_1' }, {})).toEqual({ provider: 'standard-webhooks', eventId: 'msg_1' });
    expect(providerHint({ 'svix-id': 'msg_2' }, {})).toEqual({ provider: 'standard-webhooks', eventId: 'msg_2' });
  });

  it('falls back to a generic X-Request-Id', () => {
    expect(providerHint({ 'x-request-id': 'req-1' }, {})).toEqual({ provider: 'generic', eventId: 'req-1' });
  });

  it('prefers the provider-specific header over a generic request id', () => {
    expect(providerHint({ 'x-request-id': 'req-1', 'x-github-delivery': 'd-1' }, {})?.provider).toBe('github');
  });

  it('finds nothing without a known header', () => {
    expect(providerHint({ 'content-type': 'application/json' }, { id: 'evt_1' })).toBeUndefined();
  });
});

describe('webhookIdempotency', () => {
  const body = (inputs: Record<string, unknown> = {}, idempotencyKey?: string) => ({
    inputs,
    bodyOut: '',
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  const github = { 'x-github-delivery': 'd-1' };

  it('takes Idempotency-Key first, then x-idempotency-key, then the body idempotencyKey (which must agree with a header key), then the provider id', () => {
    // Act
    const all = webhookIdempotency({ 'idempotency-key': 'h1', 'x-idempotency-key': 'h2', ...github }, body({}, 'h1'));
    const noStandard = webhookIdempotency({ 'x-idempotency-key': 'h2', ...github }, body({}, 'h2'));
    const bodyOnly = webhookIdempotency(github, body({}, 'b1'));
    const providerOnly = webhookIdempotency(github, body());

    // Assess
    expect(all).toEqual({ key: 'key:h1', ttlSeconds: CALLER_KEY_TTL_SECONDS });
    expect(noStandard).toEqual({ key: 'key:h2', ttlSeconds: CALLER_KEY_TTL_SECONDS });
    expect(bodyOnly).toEqual({ key: 'key:b1', ttlSeconds: CALLER_KEY_TTL_SECONDS });
    expect(providerOnly).toEqual({
      key: 'github:d-1',
      ttlSeconds: PROVIDER_KEY_TTL_SECONDS,
      provider: { provider: 'github', eventId: 'd-1', eventType: undefined },
    });
  });

  it('keeps caller keys 24 hours and provider keys 7 days', () => {
    expect(CALLER_KEY_TTL_SECONDS).toBe(24 * 60 * 60);
    expect(PROVIDER_KEY_TTL_SECONDS).toBe(7 * 24 * 60 * 60);
  });

  it('namespaces keys so a caller key cannot collide with a provider id', () => {
    // Act
    const caller = webhookIdempotency({ 'idempotency-key': 'github:d-1' }, body());
    const provider = webhookIdempotency(github, body());

    // Assess
    expect(caller?.key).not.toBe(provider?.key);
  });

  it('derives a key for Stripe from the body event id', () => {
    expect(webhookIdempotency({ 'stripe-signature': 't=1,v1=x' }, body({ id: 'evt_9' }))?.key).toBe('stripe:evt_9');
  });

  it('gives no key when nothing names the delivery (every call is a new run)', () => {
    expect(webhookIdempotency({ 'content-type': 'application/json' }, body({ a: 1 }))).toBeUndefined();
  });
});

describe('webhookIdempotency key rules', () => {
  it('refuses a header key and a body key that differ, like POST /api/run', () => {
    // Prepare
    const body = parseWebhookBody({
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"idempotencyKey":"body-key"}'),
    });
    // Act / Assess
    expect(() => webhookIdempotency({ 'idempotency-key': 'header-key' }, body)).toThrow(ValidationError);
    expect(webhookIdempotency({ 'idempotency-key': 'body-key' }, body)?.key).toBe('key:body-key');
  });

  it('refuses a body key with spaces or over 255 characters', () => {
    for (const key of ['has space', 'k'.repeat(256)]) {
      const body = parseWebhookBody({
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ idempotencyKey: key })),
      });
      expect(() => webhookIdempotency({}, body)).toThrow(ValidationError);
    }
  });
});
