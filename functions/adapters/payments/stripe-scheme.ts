// adapter: Stripe's webhook signature scheme, as Stripe documents it for verifying by hand ("Verify
// signatures manually"): the Stripe-Signature header is `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, and a
// v1 is the hex HMAC-SHA256, keyed by the endpoint's `whsec_…` secret, of `<t>.<raw body>`.
//
// Why not the `stripe` package: its exports map offers only its root entry (one per runtime), which
// builds the whole API client, every resource class: 240 KB in a bundle that needs one HMAC (the payment
// webhooks 329 → 554 KB); its Webhooks module is reachable only by file path, past the exports map, which
// any release may move. As for Shopify's (webhook-signatures/verifiers.ts), the scheme is these few lines,
// and test/unit/adapters/payments/stripe-scheme.test.ts holds them to the package's own verifier case by
// case. One difference, on purpose: the package refuses a `t=` too old but accepts any `t=` ahead of
// the clock, so a delivery signed with a far-future timestamp would stay replayable until that day;
// here a `t=` more than the tolerance away either way is refused.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signature's timestamp may be from the clock, either way, in seconds (the package's default). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Undefined when `header` holds a v1 signature of `payload` by `secret` made within the tolerance of
 * `nowMs`, else why not (for a log line or a 400's words; never the expected signature).
 */
export function stripeSignatureProblem(
  payload: Buffer,
  header: string,
  secret: string,
  nowMs: number,
  toleranceSeconds: number = STRIPE_SIGNATURE_TOLERANCE_SECONDS,
): string | undefined {
  const timestamps: string[] = [];
  const signatures: string[] = [];
  // Parsed as the package parses it: `key=value` items split at commas, nothing trimmed.
  for (const [key, value = ''] of header.split(',').map((item) => item.split('='))) {
    if (key === 't') timestamps.push(value);
    if (key === 'v1') signatures.push(value);
  }
  // As the package does: the last `t=` is the one signed.
  const signedAt = timestamps.at(-1);
  if (signedAt === undefined || !/^\d+$/.test(signedAt) || signatures.length === 0)
    return 'Unable to extract timestamp and signatures from header';
  const expected = createHmac('sha256', secret).update(`${signedAt}.`).update(payload).digest();
  const matches = signatures.some((signature) => {
    const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : undefined;
    return given !== undefined && timingSafeEqual(given, expected);
  });
  if (!matches) return 'No signatures found matching the expected signature for payload';
  const now = Math.floor(nowMs / 1000);
  if (now - Number(signedAt) > toleranceSeconds) return 'Timestamp outside the tolerance zone';
  if (timestamps.some((timestamp) => Number(timestamp) - now > toleranceSeconds))
    return `Timestamp is more than ${toleranceSeconds} s in the future`;
  return undefined;
}
