// adapter: fal's webhook signature (docs.fal.ai "Verifying Your Webhook"). fal signs each delivery with
// ED25519; the public keys are a JWKS fal publishes. Checked here with node:crypto, no extra package:
//
//   message   = X-Fal-Webhook-Request-Id \n X-Fal-Webhook-User-Id \n X-Fal-Webhook-Timestamp \n sha256_hex(raw body)
//   signature = X-Fal-Webhook-Signature (hex), valid under ANY key of the JWKS (fal rotates keys)
//   timestamp = Unix seconds, within ±5 minutes of our clock (a captured delivery cannot be replayed later)
//
// The JWKS URL is configurable (FAL_JWKS_URL) so the local fal stand-in serves its own key and this very
// code verifies its deliveries. Keys are cached for a day, and fetched again once when no cached key
// verifies (a key fal added since) — at most once a minute, so unsigned traffic cannot make every
// request a fetch of fal's JWKS.
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

export const FAL_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json';
export const FAL_SIGNATURE_TOLERANCE_SECONDS = 300;
const JWKS_CACHE_MS = 24 * 60 * 60 * 1000;
const JWKS_TIMEOUT_MS = 5_000;
/** The least time between two fetches of the JWKS forced by a signature no cached key verifies. */
const JWKS_REFETCH_MIN_MS = 60_000;

export interface FalDelivery {
  requestId: string;
  userId: string;
  timestamp: string;
  signature: string;
}

export type FalSignatureCheck = { valid: true } | { valid: false; reason: string };

export interface FalSignatureVerifier {
  verify(delivery: Partial<FalDelivery>, body: Buffer, nowMs?: number): Promise<FalSignatureCheck>;
}

/** The message fal signs for a delivery (the stand-in signs the same bytes). */
export function falSignedMessage(delivery: Omit<FalDelivery, 'signature'>, body: Buffer): Buffer {
  const digest = createHash('sha256').update(body).digest('hex');
  return Buffer.from([delivery.requestId, delivery.userId, delivery.timestamp, digest].join('\n'), 'utf8');
}

export function falSignatureVerifier(
  options: { jwksUrl?: () => string; fetch?: typeof fetch; now?: () => number } = {},
): FalSignatureVerifier {
  const send = options.fetch ?? fetch;
  const jwksUrl = options.jwksUrl ?? (() => process.env.FAL_JWKS_URL ?? FAL_JWKS_URL);
  let cached: { keys: KeyObject[]; fetchedAt: number; url: string } | undefined;

  const load = async (force: boolean): Promise<KeyObject[]> => {
    const url = jwksUrl();
    const now = Date.now();
    if (!force && cached && cached.url === url && now - cached.fetchedAt < JWKS_CACHE_MS) return cached.keys;
    const response = await send(url, { signal: AbortSignal.timeout(JWKS_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`fal's JWKS answered HTTP ${response.status}`);
    const jwks = (await response.json()) as { keys?: { kty?: string; crv?: string; x?: string }[] };
    const keys = (jwks.keys ?? [])
      .filter((key) => key.kty === 'OKP' && key.crv === 'Ed25519' && typeof key.x === 'string')
      .map((key) => createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x! }, format: 'jwk' }));
    cached = { keys, fetchedAt: now, url };
    return keys;
  };

  return {
    async verify(delivery, body, nowMs = options.now?.() ?? Date.now()) {
      const { requestId, userId, timestamp, signature } = delivery;
      if (!requestId || userId === undefined || !timestamp || !signature)
        return { valid: false, reason: 'missing X-Fal-Webhook-* headers' };
      const seconds = Number(timestamp);
      if (!/^\d+$/.test(timestamp) || Math.abs(nowMs / 1000 - seconds) > FAL_SIGNATURE_TOLERANCE_SECONDS)
        return { valid: false, reason: 'timestamp outside ±5 minutes' };
      if (!/^[0-9a-f]{128}$/i.test(signature)) return { valid: false, reason: 'signature is not 64 hex bytes' };
      const message = falSignedMessage({ requestId, userId, timestamp }, body);
      const bytes = Buffer.from(signature, 'hex');
      const matches = (keys: KeyObject[]) => keys.some((key) => verify(null, message, key, bytes));
      if (matches(await load(false))) return { valid: true };
      // A key fal published since we cached the set: fetch once more before refusing (unless just fetched).
      if (cached && Date.now() - cached.fetchedAt >= JWKS_REFETCH_MIN_MS && matches(await load(true)))
        return { valid: true };
      return { valid: false, reason: 'signature does not verify under any of fal’s keys' };
    },
  };
}
