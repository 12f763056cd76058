// adapter: payment-provider webhooks verified with the `stripe` package's own signature check (raw
// body, `t=…,v1=…` header, 5-minute tolerance). Lambda bundles swap the package for the webhook part
// alone (./stripe-webhooks-only.ts, by alias in lib/constructs/bundling.ts): 16 KB instead of 240 KB.
import Stripe from 'stripe';
import { ValidationError } from '#core/errors';
import { ENV } from '../env.ts';
import { secretSource } from '../secrets/secret-source.ts';
import { stripeTimestampTooNew } from './stripe-timestamp.ts';

/** How far a signature's timestamp may be from the clock, either way, in seconds (the provider's own default). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The verified event, parsed from the raw body, if `header` is a valid signature of it by one of
 * `secrets` made within the tolerance (past or future); else ValidationError (400), whatever was wrong.
 * `receivedAtMs` is the clock the tolerance is measured against (tests pin it).
 */
export function verifyStripeEvent(rawBody: Buffer, header: string | undefined, secrets: readonly string[], receivedAtMs: number = Date.now()): unknown {
  if (!header) throw new ValidationError('Missing Stripe-Signature header');
  // The package checks the past only; a year-ahead timestamp would keep a captured delivery valid.
  if (stripeTimestampTooNew(header, SIGNATURE_TOLERANCE_SECONDS, receivedAtMs)) throw new ValidationError('Invalid payment webhook signature');
  for (const secret of secrets) {
    try {
      return Stripe.webhooks.constructEvent(rawBody, header, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, receivedAtMs);
    } catch {
      // Wrong secret, tampered body, stale timestamp or malformed header: try the next secret (rotation).
    }
  }
  throw new ValidationError('Invalid payment webhook signature');
}

const readSecret = secretSource(ENV.paymentsWebhookSecret, ENV.paymentsWebhookSecretArn);

/**
 * The signing secrets of the provider's webhook endpoints: one value holding one or more `whsec_…`
 * secrets separated by commas or whitespace (both endpoints, or old and new during a rotation).
 * Read once per cold start; unset is a configuration error (500), never "accept unsigned".
 */
export async function paymentWebhookSecrets(): Promise<string[]> {
  const value = await readSecret();
  const secrets = (value ?? '').split(/[\s,]+/).filter((secret) => secret.length > 0);
  if (secrets.length === 0) throw new Error(`No payment webhook signing secret: set ${ENV.paymentsWebhookSecret} (local) or ${ENV.paymentsWebhookSecretArn} (AWS)`);
  return secrets;
}
