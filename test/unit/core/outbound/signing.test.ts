// unit: callback signatures, checked against an independent HMAC computed here with node:crypto, and the
// workspaces' default secrets (HKDF).
import { createHmac, hkdfSync } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { deriveCallbackSecret } from '#core/outbound/callback-secrets';
import {
  SIGNATURE_HEADER,
  SIGNATURE_NONCE_HEADER,
  SIGNATURE_TIMESTAMP_HEADER,
  SIGNATURE_V2_HEADER,
  signCallback,
  signStandardWebhook,
  standardWebhooksSecret,
  verifyCallbackSignature,
} from '#core/outbound/signing';

const secret = 'whsec_test-secret';
const body = '{"executionId":"exe_1","status":"succeeded","output":{"text":"héllo"}}';
const timestamp = 1_764_000_000_123;
const nonce = 'AAECAwQFBgcICQoLDA0ODw';

describe('signCallback', () => {
  it('sends the four headers with exactly the specified names', () => {
    // Act
    const headers = signCallback(secret, body, { timestamp, nonce });

    // Assess
    expect(Object.keys(headers).sort()).toEqual(
      [
        'X-Service-Signature',
        'X-Service-Signature-Nonce',
        'X-Service-Signature-Timestamp',
        'X-Service-Signature-V2',
      ].sort(),
    );
    expect([SIGNATURE_HEADER, SIGNATURE_V2_HEADER, SIGNATURE_TIMESTAMP_HEADER, SIGNATURE_NONCE_HEADER]).toEqual([
      'X-Service-Signature',
      'X-Service-Signature-V2',
      'X-Service-Signature-Timestamp',
      'X-Service-Signature-Nonce',
    ]);
  });

  it('signs the raw body (v1) and `timestamp.nonce.body` (v2) with HMAC-SHA256, hex', () => {
    // Prepare
    const v1 = createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(body, 'utf8')).digest('hex');
    const v2 = createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(Buffer.from(`${timestamp}.${nonce}.${body}`, 'utf8'))
      .digest('hex');

    // Act
    const headers = signCallback(secret, body, { timestamp, nonce });

    // Assess
    expect(headers).toEqual({
      'X-Service-Signature': `sha256=${v1}`,
      'X-Service-Signature-V2': `sha256=${v2}`,
      'X-Service-Signature-Timestamp': '1764000000123',
      'X-Service-Signature-Nonce': nonce,
    });
  });

  it('matches a fixed known answer, so a change to the signed bytes cannot go unnoticed', () => {
    // Prepare: RFC 4231 test case 2 key and data, as the secret and the body.
    const headers = signCallback('Jefe', 'what do ya want for nothing?', { timestamp: 0, nonce: 'nonce-00' });

    // Assess
    expect(headers[SIGNATURE_HEADER]).toBe('sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(headers[SIGNATURE_V2_HEADER]).toBe(
      `sha256=${createHmac('sha256', 'Jefe').update('0.nonce-00.what do ya want for nothing?').digest('hex')}`,
    );
  });

  it('defaults the timestamp to now in milliseconds and draws a fresh base64url nonce per call', () => {
    // Prepare
    const before = Date.now();

    // Act
    const nonces = new Set(Array.from({ length: 200 }, () => signCallback(secret, body)[SIGNATURE_NONCE_HEADER]));
    const headers = signCallback(secret, body);

    // Assess
    expect(nonces.size).toBe(200);
    for (const value of nonces) expect(value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Number(headers[SIGNATURE_TIMESTAMP_HEADER])).toBeGreaterThanOrEqual(before);
    expect(headers[SIGNATURE_TIMESTAMP_HEADER]).toMatch(/^\d{13}$/);
  });

  it.each([
    ['an empty secret', '', {}],
    ['a nonce containing a dot', secret, { nonce: 'abc.defgh' }],
    ['a short nonce', secret, { nonce: 'abc' }],
    ['a fractional timestamp', secret, { timestamp: 1.5 }],
    ['a negative timestamp', secret, { timestamp: -1 }],
  ])('refuses %s', (_case, key, options) => {
    // Act / Assess
    expect(() => signCallback(key, body, options)).toThrow();
  });
});

describe('verifyCallbackSignature', () => {
  const now = timestamp + 1000;

  it('accepts what signCallback produced, with lower-case header names as Node delivers them', () => {
    // Prepare
    const headers = Object.fromEntries(
      Object.entries(signCallback(secret, body, { timestamp, nonce })).map(([name, value]) => [
        name.toLowerCase(),
        value,
      ]),
    );

    // Act
    const result = verifyCallbackSignature(secret, body, headers, { now });

    // Assess
    expect(result).toEqual({ valid: true, timestamp, nonce });
  });

  it.each([
    ['a changed body', (h: Record<string, string>) => h, `${body} `, 'signature mismatch'],
    [
      'a changed nonce',
      (h: Record<string, string>) => ({ ...h, [SIGNATURE_NONCE_HEADER]: 'BBECAwQFBgcICQoLDA0ODw' }),
      body,
      'signature mismatch',
    ],
    [
      'a changed timestamp',
      (h: Record<string, string>) => ({ ...h, [SIGNATURE_TIMESTAMP_HEADER]: String(timestamp + 1) }),
      body,
      'signature mismatch',
    ],
    [
      'a missing nonce',
      (h: Record<string, string>) => ({ ...h, [SIGNATURE_NONCE_HEADER]: undefined }),
      body,
      'missing header',
    ],
    [
      'a v1 value in the v2 header',
      (h: Record<string, string>) => ({ ...h, [SIGNATURE_V2_HEADER]: h[SIGNATURE_HEADER] }),
      body,
      'signature mismatch',
    ],
    [
      'an upper-case hex signature',
      (h: Record<string, string>) => ({ ...h, [SIGNATURE_V2_HEADER]: h[SIGNATURE_V2_HEADER]!.toUpperCase() }),
      body,
      'malformed header',
    ],
  ])('refuses %s', (_case, tamper, receivedBody, reason) => {
    // Prepare
    const headers = tamper({ ...signCallback(secret, body, { timestamp, nonce }) });

    // Act
    const result = verifyCallbackSignature(secret, receivedBody, headers, { now });

    // Assess
    expect(result).toEqual({ valid: false, reason });
  });

  it('refuses the wrong secret', () => {
    // Prepare
    const headers = { ...signCallback(secret, body, { timestamp, nonce }) };

    // Act / Assess
    expect(verifyCallbackSignature('other', body, headers, { now })).toEqual({
      valid: false,
      reason: 'signature mismatch',
    });
  });

  it('refuses a timestamp outside the tolerance either way (5 minutes by default)', () => {
    // Prepare
    const headers = { ...signCallback(secret, body, { timestamp, nonce }) };
    const fiveMinutes = 5 * 60 * 1000;

    // Act / Assess
    expect(verifyCallbackSignature(secret, body, headers, { now: timestamp + fiveMinutes }).valid).toBe(true);
    expect(verifyCallbackSignature(secret, body, headers, { now: timestamp + fiveMinutes + 1 })).toEqual({
      valid: false,
      reason: 'timestamp outside tolerance',
    });
    expect(verifyCallbackSignature(secret, body, headers, { now: timestamp - fiveMinutes - 1 }).valid).toBe(false);
    expect(verifyCallbackSignature(secret, body, headers, { now: timestamp + 2000, toleranceMs: 1000 }).valid).toBe(
      false,
    );
  });
});

describe('signStandardWebhook', () => {
  const id = 'msg_AAECAwQFBgcICQoLDA0ODw';

  it('signs `id.seconds.body` with the secret as key, base64, as the Standard Webhooks spec says', () => {
    // Prepare: computed here with node:crypto, independently of the library that signs
    const expected = createHmac('sha256', secret).update(`${id}.1764000000.${body}`).digest('base64');

    // Act
    const headers = signStandardWebhook(secret, body, { timestamp, id });

    // Assess
    expect(headers).toEqual({
      'webhook-id': id,
      'webhook-timestamp': '1764000000',
      'webhook-signature': `v1,${expected}`,
    });
  });

  it('lists one signature per secret, current first, and a Standard Webhooks verifier accepts either', () => {
    // Act
    const headers = signStandardWebhook(['cbsec_new', 'cbsec_old'], body, { id });

    // Assess
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    for (const one of ['cbsec_new', 'cbsec_old'])
      expect(new Webhook(standardWebhooksSecret(one)).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(standardWebhooksSecret('cbsec_other')).verify(body, headers)).toThrow();
  });

  it('refuses an empty secret', () => {
    expect(() => signStandardWebhook([], body)).toThrow();
    expect(() => signStandardWebhook('', body)).toThrow();
  });
});

describe('deriveCallbackSecret', () => {
  it('is HKDF-SHA256 of the root key with a fixed label and the workspace id: one secret per workspace', () => {
    // Prepare
    const rootKey = 'root-key-0123456789abcdef';
    const expected = Buffer.from(hkdfSync('sha256', rootKey, '', 'callback-signing-secret\nv1\nws_a', 32));

    // Act
    const a = deriveCallbackSecret(rootKey, 'ws_a');

    // Assess
    expect(a).toBe(`cbsec_${expected.toString('base64url')}`);
    expect(deriveCallbackSecret(rootKey, 'ws_a')).toBe(a);
    expect(deriveCallbackSecret(rootKey, 'ws_b')).not.toBe(a);
    expect(deriveCallbackSecret('another-root-key-0123456789', 'ws_a')).not.toBe(a);
  });
});
