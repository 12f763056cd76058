// adapter: the four signature schemes of the signed webhook URLs, each checked by its ecosystem's
// own library where one offers the check without an app framework around it (Shopify's does not: see
// below; see docs/webhooks.md, "Signed URLs for providers").
//   github             X-Hub-Signature-256: sha256=<hex HMAC of the body>       @octokit/webhooks-methods
//   stripe             Stripe-Signature: t=<unix>,v1=<hex HMAC of "t.body">      stripe (Stripe.webhooks)
//   shopify            X-Shopify-Hmac-Sha256: <base64 HMAC of the body>          node:crypto (see below)
//   standard-webhooks  webhook-id/-timestamp/-signature (or svix-*)              standardwebhooks
import { createHmac, timingSafeEqual } from 'node:crypto';
import { verify as verifyGithub } from '@octokit/webhooks-methods';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import Stripe from 'stripe';
import { SignatureRejectedError, ValidationError } from '#core/errors';
import { standardWebhooksSecret, type SignatureVerifier, type SignatureVerifiers } from '#core/webhooks/signatures';
import { stripeTimestampTooNew } from '../payments/stripe-timestamp.ts';

/** The signature header a scheme needs, or a 400 naming it (like a missing secret on the plain URL). */
function required(headers: Record<string, string>, name: string, scheme: string): string {
  const value = headers[name]?.trim();
  if (!value) throw new ValidationError(`Missing ${name} header: this URL accepts ${scheme}-signed deliveries only`);
  return value;
}

const github: SignatureVerifier = async (call, secret) => {
  const signature = required(call.headers, 'x-hub-signature-256', 'GitHub');
  // GitHub signs the UTF-8 JSON it sends; the library takes the payload as text.
  if (!(await verifyGithub(secret, call.body.toString('utf8'), signature))) {
    throw new SignatureRejectedError("X-Hub-Signature-256 does not match this webhook's secret");
  }
};

/**
 * Stripe's own verification code, through the package's supported entry (`import Stripe from 'stripe'`):
 * `Stripe.webhooks` is a static of the class, so no client is made (no API key, no network). The entry
 * builds the whole API client into this function's bundle (test/infra/payments-bundle.test.ts holds its size).
 */
const stripe: SignatureVerifier = async (call, secret) => {
  const header = required(call.headers, 'stripe-signature', 'Stripe');
  const verifier = Stripe.webhooks.signature;
  // Typed nullable; the package's entry always sets it (createWebhooks).
  if (!verifier) throw new Error('The stripe package has no webhook signature verifier');
  try {
    // Checks v1 signatures and that t= is at most the default tolerance (300 s) old; the body may be any
    // text (parsing is the trigger's job). Everything it throws is a rejected signature
    // (StripeSignatureVerificationError).
    await verifier.verifyHeaderAsync(call.body, header, secret, Stripe.webhooks.DEFAULT_TOLERANCE);
  } catch (error) {
    throw new SignatureRejectedError(
      `Stripe-Signature rejected: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
    );
  }
  // The package has no upper bound: the same tolerance, ahead, as Standard Webhooks applies.
  const tooNew = stripeTimestampTooNew(header, Stripe.webhooks.DEFAULT_TOLERANCE, Date.now());
  if (tooNew) throw new SignatureRejectedError(`Stripe-Signature rejected: ${tooNew}`);
};

/**
 * Shopify: base64 HMAC-SHA256 of the raw body, no timestamp. Shopify's own libraries verify this only
 * inside their whole app framework (@shopify/shopify-api, with an app config and adapters), so the
 * two lines of the scheme are written here, compared in constant time.
 */
const shopify: SignatureVerifier = async (call, secret) => {
  const header = required(call.headers, 'x-shopify-hmac-sha256', 'Shopify');
  const expected = createHmac('sha256', secret).update(call.body).digest();
  const given = Buffer.from(header, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new SignatureRejectedError("X-Shopify-Hmac-Sha256 does not match this webhook's secret");
  }
};

const standardWebhooks: SignatureVerifier = async (call, secret) => {
  // Svix, the reference sender, names the same headers svix-*.
  const prefix =
    call.headers['webhook-signature'] === undefined && call.headers['svix-signature'] !== undefined
      ? 'svix'
      : 'webhook';
  const headers = {
    'webhook-id': required(call.headers, `${prefix}-id`, 'Standard Webhooks'),
    'webhook-timestamp': required(call.headers, `${prefix}-timestamp`, 'Standard Webhooks'),
    'webhook-signature': required(call.headers, `${prefix}-signature`, 'Standard Webhooks'),
  };
  try {
    // jsonParse off: the body may be any text; parsing is the trigger's job, after authentication.
    new Webhook(standardWebhooksSecret(secret)).verify(call.body, headers, { jsonParse: false });
  } catch (error) {
    if (error instanceof WebhookVerificationError)
      throw new SignatureRejectedError(`Standard Webhooks signature rejected: ${error.message}`);
    throw error;
  }
};

export const signatureVerifiers: SignatureVerifiers = {
  github,
  stripe,
  shopify,
  'standard-webhooks': standardWebhooks,
};
