// adapter: payment-provider webhooks verified by the `stripe` package's own check, through its supported
// entry (`import Stripe from 'stripe'`, the Node entry of its exports map): `Stripe.webhooks.constructEvent`
// over the raw body and the `t=…,v1=…` header, with a 5-minute tolerance. `Stripe.webhooks` is a static
// of the class, so no client is constructed: no API key, no network. The package checks only the past;
// ./stripe-timestamp.ts adds the future bound beside it.
import Stripe from 'stripe';
import { NotConfiguredError, ValidationError } from '#core/errors';
import { ENV } from '../env.ts';
import { secretSource, type SecretReader } from '../secrets/secret-source.ts';
import { stripeTimestampTooNew } from './stripe-timestamp.ts';

/** How far a signature's timestamp may be from the clock, either way, in seconds (the package's default too). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The verified event, parsed from the raw body, if `header` is a valid signature of it by one of
 * `secrets` made within the tolerance (past or future); else ValidationError (400), whatever was wrong.
 * `receivedAtMs` is the clock the tolerance is measured against (tests pin it).
 */
export function verifyStripeEvent(
  rawBody: Buffer,
  header: string | undefined,
  secrets: readonly string[],
  receivedAtMs: number = Date.now(),
): unknown {
  if (!header) throw new ValidationError('Missing Stripe-Signature header');
  // The package checks the past only; a far-future timestamp would keep a captured delivery valid.
  if (stripeTimestampTooNew(header, SIGNATURE_TOLERANCE_SECONDS, receivedAtMs))
    throw new ValidationError('Invalid payment webhook signature');
  for (const secret of secrets) {
    try {
      // Throws StripeSignatureVerificationError for a wrong secret, a tampered body, a stale timestamp
      // or a malformed header, and SyntaxError for a signed body that is not JSON.
      return Stripe.webhooks.constructEvent(
        rawBody,
        header,
        secret,
        SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        receivedAtMs,
      );
    } catch {
      // Try the next secret (rotation: old and new, or one per endpoint).
    }
  }
  throw new ValidationError('Invalid payment webhook signature');
}

const readSecret = secretSource(ENV.paymentsWebhookSecret, ENV.paymentsWebhookSecretArn);

/** The `whsec_…` values of one secret string: separated by commas or whitespace. */
function secretsOf(value: string | undefined): string[] {
  const secrets = (value ?? '').split(/[\s,]+/).filter((secret) => secret.length > 0);
  if (secrets.length === 0)
    throw new NotConfiguredError(
      `Payment webhooks are not configured: no signing secret is set (${ENV.paymentsWebhookSecret} in local mode, the PaymentsWebhookSecret secret in AWS)`,
    );
  return secrets;
}

/**
 * The signing secrets of the provider's webhook endpoints: one value holding one or more `whsec_…`
 * secrets separated by commas or whitespace (both endpoints, or old and new during a rotation).
 * Cached for at most SECRET_MAX_AGE_MS; unset is NotConfiguredError (503), never "accept unsigned".
 */
export async function paymentWebhookSecrets(source: SecretReader = readSecret): Promise<string[]> {
  return secretsOf(await source());
}

/**
 * verifyStripeEvent with the configured secrets. A signature that no cached secret verifies may be
 * the first delivery signed with a secret the operator has just put in place (the real whsec_ over
 * the placeholder, a rotated endpoint): the secret is read again — at most once per
 * SECRET_MIN_REFRESH_INTERVAL_MS, whoever sends bad signatures — and, if it changed, tried once more.
 */
export async function verifyPaymentWebhook(
  rawBody: Buffer,
  header: string | undefined,
  options: { source?: SecretReader; receivedAtMs?: number } = {},
): Promise<unknown> {
  const source = options.source ?? readSecret;
  try {
    return verifyStripeEvent(rawBody, header, await paymentWebhookSecrets(source), options.receivedAtMs);
  } catch (error) {
    if (!(error instanceof ValidationError) || !header || !(await source.refresh())) throw error;
    return verifyStripeEvent(rawBody, header, await paymentWebhookSecrets(source), options.receivedAtMs);
  }
}
