// fal's webhook signature, checked by our verifier against deliveries the fal stand-in signs the way
// fal documents (lib/local/sandbox/fal-webhooks.ts): valid, forged, stale, unsigned, another key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { falSignatureVerifier } from '#adapters/providers/fal-webhook-signature';
import { startFalProtocolServer, type FalProtocolServer } from '../../../../lib/local/sandbox/fal-protocol.ts';
import { falWebhookSender } from '../../../../lib/local/sandbox/fal-webhooks.ts';

let fal: FalProtocolServer;
beforeAll(async () => {
  fal = await startFalProtocolServer();
});
afterAll(() => fal.close());

const deliveryOf = (headers: Record<string, string>) => ({
  requestId: headers['x-fal-webhook-request-id'],
  userId: headers['x-fal-webhook-user-id'],
  timestamp: headers['x-fal-webhook-timestamp'],
  signature: headers['x-fal-webhook-signature'],
});

describe('fal webhook signature', () => {
  const body = JSON.stringify({ request_id: 'req-1', status: 'OK', payload: { video: { url: 'https://x/v.mp4' } } });
  const verifier = () => falSignatureVerifier({ jwksUrl: () => `${fal.url}/.well-known/jwks.json` });

  it('accepts a delivery signed with the key the JWKS publishes', async () => {
    const headers = fal.webhooks.headersFor(body, 'req-1');
    expect(await verifier().verify(deliveryOf(headers), Buffer.from(body))).toEqual({ valid: true });
  });

  it('refuses a body changed after signing', async () => {
    const headers = fal.webhooks.headersFor(body, 'req-1');
    const forged = body.replace('req-1', 'req-2');
    expect((await verifier().verify(deliveryOf(headers), Buffer.from(forged))).valid).toBe(false);
  });

  it('refuses a request id changed after signing (the signature covers it)', async () => {
    const headers = fal.webhooks.headersFor(body, 'req-1');
    const check = await verifier().verify({ ...deliveryOf(headers), requestId: 'req-2' }, Buffer.from(body));
    expect(check.valid).toBe(false);
  });

  it('refuses a delivery signed with a key fal does not publish', async () => {
    const stranger = falWebhookSender();
    const headers = stranger.headersFor(body, 'req-1');
    const check = await verifier().verify(deliveryOf(headers), Buffer.from(body));
    expect(check).toEqual({ valid: false, reason: expect.stringContaining('does not verify') });
  });

  it('refuses a timestamp more than five minutes away, and missing headers', async () => {
    const stale = fal.webhooks.headersFor(body, 'req-1', Math.floor(Date.now() / 1000) - 301);
    expect(await verifier().verify(deliveryOf(stale), Buffer.from(body))).toEqual({
      valid: false,
      reason: expect.stringContaining('timestamp'),
    });
    const headers = fal.webhooks.headersFor(body, 'req-1');
    const { signature: _dropped, ...unsigned } = deliveryOf(headers);
    expect((await verifier().verify(unsigned, Buffer.from(body))).valid).toBe(false);
  });
});
