// core: HMAC-SHA256 signatures of outbound result callbacks (pure apart from the random nonce).
//
//   v1  X-Service-Signature     sha256=<hex HMAC-SHA256(secret, rawBody)>
//   v2  X-Service-Signature-V2  sha256=<hex HMAC-SHA256(secret, `${timestamp}.${nonce}.${rawBody}`)>
//       X-Service-Signature-Timestamp  Unix time in milliseconds (decimal digits)
//       X-Service-Signature-Nonce      16 random bytes, base64url (unique per delivery)
//
// The secret is used as UTF-8 bytes. Neither the timestamp (digits) nor the nonce (base64url) can contain
// a '.', so the v2 string splits back into its three parts unambiguously. v1 is kept for receivers that
// verify the body only; v2 lets a receiver refuse replays (timestamp tolerance, nonce seen before).
//
// Signed with several secrets (a workspace's secret during a rotation overlap: callback-secrets.ts),
// each header lists one `sha256=` signature per secret, separated by a space, the newest first, as
// Standard Webhooks and Stripe list theirs: a receiver accepts the callback if any one matches.
//
// The workspace's own signature is sent as Standard Webhooks headers (signStandardWebhook): a timestamped
// scheme any Standard Webhooks library verifies, in headers of its own so the X-Service-Signature headers
// above stay byte for byte what receivers that verify them today expect (docs/callbacks.md, "Signatures").
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const SIGNATURE_V2_HEADER = 'X-Service-Signature-V2';
export const SIGNATURE_TIMESTAMP_HEADER = 'X-Service-Signature-Timestamp';
export const SIGNATURE_NONCE_HEADER = 'X-Service-Signature-Nonce';

/** The four headers a signed callback carries. */
export interface CallbackSignatureHeaders {
  [SIGNATURE_HEADER]: string;
  [SIGNATURE_V2_HEADER]: string;
  [SIGNATURE_TIMESTAMP_HEADER]: string;
  [SIGNATURE_NONCE_HEADER]: string;
}

/** How far a v2 timestamp may be from the receiver's clock, either way. @default 5 minutes */
export const DEFAULT_SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** A header listing more signatures than a rotation can produce is malformed. */
const MAX_SIGNATURES = 4;

/** One secret or several (current first), none empty. */
function secretsOf(secret: string | readonly string[]): readonly string[] {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0 || secrets.some((one) => one.length === 0))
    throw new Error('callback signing secret must not be empty');
  return secrets;
}

/**
 * Signs the exact bytes that will be sent as the callback body.
 *
 * @param secret the signing secret, or several (current first) during a rotation overlap (never logged or returned).
 * @param rawBody the body string exactly as it will be written to the wire.
 * @param options.timestamp Unix time in milliseconds. @default Date.now()
 * @param options.nonce 8–128 base64url characters. @default 16 random bytes, base64url
 * @throws Error on an empty secret or a malformed timestamp or nonce (programming errors).
 */
export function signCallback(
  secret: string | readonly string[],
  rawBody: string,
  options: { timestamp?: number; nonce?: string } = {},
): CallbackSignatureHeaders {
  const secrets = secretsOf(secret);
  const timestamp = options.timestamp ?? Date.now();
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new Error('timestamp must be a non-negative integer (ms)');
  const nonce = options.nonce ?? randomBytes(16).toString('base64url');
  if (!NONCE_PATTERN.test(nonce)) throw new Error('nonce must be 8 to 128 base64url characters');

  return {
    [SIGNATURE_HEADER]: secrets.map((one) => `sha256=${hmacHex(one, rawBody)}`).join(' '),
    [SIGNATURE_V2_HEADER]: secrets.map((one) => `sha256=${hmacHex(one, `${timestamp}.${nonce}.${rawBody}`)}`).join(' '),
    [SIGNATURE_TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_NONCE_HEADER]: nonce,
  };
}

export type CallbackVerification =
  | { valid: true; timestamp: number; nonce: string }
  | {
      valid: false;
      reason: 'missing header' | 'malformed header' | 'timestamp outside tolerance' | 'signature mismatch';
    };

/**
 * What a receiver does to check a callback (used by docs and tests): verifies the v2 signature in
 * constant time and that the timestamp is within the tolerance of `now`. Header names are matched
 * case-insensitively, as Node's `req.headers` (lower case) or a plain object may be passed. Remembering
 * the nonce to refuse replays inside the tolerance window is the receiver's job.
 *
 * @param options.now receiver's clock, Unix ms. @default Date.now()
 * @param options.toleranceMs @default DEFAULT_SIGNATURE_TOLERANCE_MS (5 minutes)
 */
export function verifyCallbackSignature(
  secret: string,
  rawBody: string,
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  options: { now?: number; toleranceMs?: number } = {},
): CallbackVerification {
  const signature = header(headers, SIGNATURE_V2_HEADER);
  const timestampText = header(headers, SIGNATURE_TIMESTAMP_HEADER);
  const nonce = header(headers, SIGNATURE_NONCE_HEADER);
  if (signature === undefined || timestampText === undefined || nonce === undefined) {
    return { valid: false, reason: 'missing header' };
  }
  const signatures = signature.split(' ').map((one) => /^sha256=([0-9a-f]{64})$/.exec(one)?.[1]);
  if (
    signatures.length > MAX_SIGNATURES ||
    signatures.some((one) => one === undefined) ||
    !/^\d{1,16}$/.test(timestampText) ||
    !NONCE_PATTERN.test(nonce)
  ) {
    return { valid: false, reason: 'malformed header' };
  }
  const timestamp = Number(timestampText);
  const now = options.now ?? Date.now();
  if (Math.abs(now - timestamp) > (options.toleranceMs ?? DEFAULT_SIGNATURE_TOLERANCE_MS)) {
    return { valid: false, reason: 'timestamp outside tolerance' };
  }
  const expected = Buffer.from(hmacHex(secret, `${timestampText}.${nonce}.${rawBody}`), 'hex');
  // Every listed signature is compared, so the time taken does not tell which one matched.
  let matched = false;
  for (const one of signatures) matched = timingSafeEqual(expected, Buffer.from(one!, 'hex')) || matched;
  if (!matched) return { valid: false, reason: 'signature mismatch' };
  return { valid: true, timestamp, nonce };
}

/** The three headers of a Standard Webhooks signature (lower case, as the spec writes them). */
export interface StandardWebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs `rawBody` as Standard Webhooks does (`v1,` + base64 HMAC-SHA256 of `id.seconds.body`), one
 * signature per secret, space-separated, current first. The key is the secret's UTF-8 bytes, the same key
 * as the X-Service-Signature headers; standardWebhooksSecret() spells it for Standard Webhooks libraries.
 *
 * @param options.timestamp Unix time in milliseconds (sent in seconds). @default Date.now()
 * @param options.id the message id, unique per delivery (the receiver refuses one seen before).
 *   @default msg_ + 16 random bytes, base64url
 */
export function signStandardWebhook(
  secret: string | readonly string[],
  rawBody: string,
  options: { timestamp?: number; id?: string } = {},
): StandardWebhookHeaders {
  const secrets = secretsOf(secret);
  const at = new Date(options.timestamp ?? Date.now());
  const id = options.id ?? `msg_${randomBytes(16).toString('base64url')}`;
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets
      .map((one) => new Webhook(Buffer.from(one, 'utf8'), { format: 'raw' }).sign(id, at, rawBody))
      .join(' '),
  };
}

/** A callback secret spelled as Standard Webhooks libraries take it: `whsec_` + base64 of its bytes. */
export function standardWebhooksSecret(secret: string): string {
  return `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
}

function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

function header(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    // A repeated header is ambiguous: refuse rather than pick one.
    if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
    return value as string | undefined;
  }
  return undefined;
}
