// local: the fal stand-in's webhook sender. fal POSTs a queue job's outcome to the `fal_webhook` URL
// given at submit, signed with ED25519 (docs.fal.ai, "Verifying Your Webhook"); this does the same with
// a key pair made at start, and serves the public key as fal's JWKS does, so our real verification code
// (functions/adapters/providers/fal-webhook-signature.ts) checks every delivery. Written from fal's
// description, not from our verifier, so a mismatch between the two fails the tests.
//   headers: X-Fal-Webhook-Request-Id, -User-Id, -Timestamp (Unix seconds), -Signature (hex)
//   signed:  request id \n user id \n timestamp \n sha256 hex of the raw body
import { createHash, generateKeyPairSync, sign } from 'node:crypto';

export const FAL_STAND_IN_USER_ID = 'local-fal-user';

export interface FalWebhookSender {
  /** `{ keys: [{ kty: 'OKP', crv: 'Ed25519', x, kid }] }` */
  jwks(): unknown;
  /** The headers fal would send with `body` for `requestId` (at `timestamp`, Unix seconds). */
  headersFor(body: string, requestId: string, timestamp?: number): Record<string, string>;
  /** POSTs `body` to `url` signed; resolves with the HTTP status (or 0 when it could not connect). */
  deliver(url: string, body: unknown, requestId: string): Promise<number>;
}

export function falWebhookSender(): FalWebhookSender {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  const headersFor = (body: string, requestId: string, timestamp = Math.floor(Date.now() / 1000)) => {
    const digest = createHash('sha256').update(body, 'utf8').digest('hex');
    const message = `${requestId}\n${FAL_STAND_IN_USER_ID}\n${timestamp}\n${digest}`;
    return {
      'content-type': 'application/json',
      'x-fal-webhook-request-id': requestId,
      'x-fal-webhook-user-id': FAL_STAND_IN_USER_ID,
      'x-fal-webhook-timestamp': String(timestamp),
      'x-fal-webhook-signature': sign(null, Buffer.from(message, 'utf8'), privateKey).toString('hex'),
    };
  };
  return {
    jwks: () => ({ keys: [{ ...jwk, kid: 'local-fal-stand-in', use: 'sig', alg: 'EdDSA' }] }),
    headersFor,
    async deliver(url, body, requestId) {
      const text = JSON.stringify(body);
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: headersFor(text, requestId),
          body: text,
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        return response.status;
      } catch {
        return 0;
      }
    },
  };
}
