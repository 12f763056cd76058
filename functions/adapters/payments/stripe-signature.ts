// adapter: payment-provider webhooks verified by Stripe's signature scheme (raw body, `t=…,v1=…` header,
// 5-minute tolerance either way; ./stripe-scheme.ts, held to the `stripe` package's own verifier by its test).
import { NotConfiguredError, ValidationError } from '#core/errors';
import { ENV } from '../env.ts';
import { secretSource, type SecretReader } from '../secrets/secret-source.ts';
import { STRIPE_SIGNATURE_TOLERANCE_SECONDS, stripeSignatureProblem } from './stripe-scheme.ts';

/** How far a signature's timestamp may be from the clock, either way, in seconds (the provider's own default). */
export const SIGNATURE_TOLERANCE_SECONDS = STRIPE_SIGNATURE_TOLERANCE_SECONDS;

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
  // Wrong secret, tampered body, stale timestamp or malformed header: try the next secret (rotation).
  if (secrets.some((secret) => stripeSignatureProblem(rawBody, header, secret, receivedAtMs) === undefined)) {
    try {
      return JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new ValidationError('Payment webhook body is not JSON');
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
      'Payment webhooks are not configured: no signing secret is set ' +
        `(${ENV.paymentsWebhookSecret} in local mode, the PaymentsWebhookSecret secret in AWS)`,
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
