// unit: which variant a /webhook/trigger query asks for, and the secret's Standard Webhooks spelling.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import { deriveWebhookSecret } from '#core/webhooks/secrets';
import { signedUrls, signedVariantOf, standardWebhooksSecret } from '#core/webhooks/signatures';

const HASH = 'a'.repeat(64);

describe('signedVariantOf', () => {
  it('is undefined for the plain URL, whatever else the query holds', () => {
    expect(signedVariantOf({})).toBeUndefined();
    expect(signedVariantOf({ source: 'crm' })).toBeUndefined();
  });

  it.each(['github', 'stripe', 'shopify', 'standard-webhooks'] as const)('reads verify=%s with its hook', (scheme) => {
    expect(signedVariantOf({ verify: scheme, hook: HASH, other: 'x' })).toEqual({ scheme, hook: HASH });
  });

  it.each([
    [{ verify: 'gitlab', hook: HASH }, /verify must be one of/],
    [{ verify: '', hook: HASH }, /verify must be one of/],
    [{ hook: HASH }, /verify must be one of/],
    [{ verify: 'github' }, /hook must be/],
    [{ verify: 'github', hook: HASH.toUpperCase() }, /hook must be/],
    [{ verify: 'github', hook: `${HASH}0` }, /hook must be/],
  ])('refuses %j with a 400', (query, message) => {
    expect(() => signedVariantOf(query)).toThrow(ValidationError);
    expect(() => signedVariantOf(query)).toThrow(message);
  });
});

describe('signedUrls', () => {
  it('puts the scheme and the hook on the webhook URL', () => {
    expect(signedUrls('https://h.example/webhook/trigger', HASH).shopify).toBe(
      `https://h.example/webhook/trigger?verify=shopify&hook=${HASH}`,
    );
  });
});

describe('standardWebhooksSecret', () => {
  it('is a secret the standardwebhooks library accepts, holding the same key bytes', () => {
    // Many salts, so secrets with - and _ in their base64url body are among them.
    for (let n = 0; n < 50; n++) {
      const secret = deriveWebhookSecret('service-key', {
        workspaceId: 'ws',
        canvasId: 'cnv',
        triggerNodeId: 'hook',
        salt: `salt-${n}`,
      });
      const standard = standardWebhooksSecret(secret);
      expect(standard).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const signer = new Webhook(standard);
      const raw = new Webhook(Buffer.from(secret.slice('whsec_'.length), 'base64url'), { format: 'raw' });
      const at = new Date();
      expect(signer.sign('msg_1', at, '{}')).toBe(raw.sign('msg_1', at, '{}'));
    }
  });
});
