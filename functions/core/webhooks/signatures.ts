// core: signed URL variants of a webhook trigger. Providers such as GitHub, Stripe and Shopify cannot
// send our secret in a header; they sign each delivery with a shared secret instead. A variant URL
// names the trigger (`hook`, the SHA-256 of its secret: it identifies, it does not authenticate) and
// the scheme (`verify`); the delivery is accepted only when its signature, computed with the trigger's
// own secret, matches. The verifiers themselves (each ecosystem's library) are adapters: see
// functions/adapters/webhook-signatures/.
import { ValidationError } from '../errors.ts';
import { WEBHOOK_SECRET_PREFIX } from './secrets.ts';

export const SIGNATURE_SCHEMES = ['github', 'stripe', 'shopify', 'standard-webhooks'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

/** The query parameters of a variant URL. */
export const VERIFY_PARAMETER = 'verify';
export const HOOK_PARAMETER = 'hook';

export interface SignedCall {
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Checks one delivery's signature with the trigger's secret. Throws ValidationError when the
 * signature header is missing (as a missing secret is a 400) and SignatureRejectedError when it does
 * not match or its timestamp is outside the scheme's tolerance.
 */
export type SignatureVerifier = (call: SignedCall, secret: string) => Promise<void>;

export type SignatureVerifiers = Record<SignatureScheme, SignatureVerifier>;

/** The variant a call asks for, or undefined for the plain URL (secret in a header). */
export function signedVariantOf(query: Record<string, string>): { scheme: SignatureScheme; hook: string } | undefined {
  const scheme = query[VERIFY_PARAMETER];
  const hook = query[HOOK_PARAMETER];
  if (scheme === undefined && hook === undefined) return undefined;
  if (!(SIGNATURE_SCHEMES as readonly string[]).includes(scheme ?? '')) {
    throw new ValidationError(`${VERIFY_PARAMETER} must be one of ${SIGNATURE_SCHEMES.join(', ')}`);
  }
  if (!hook || !/^[0-9a-f]{64}$/.test(hook)) {
    throw new ValidationError(`${HOOK_PARAMETER} must be the trigger's id from webhooks/register (64 hex digits)`);
  }
  return { scheme: scheme as SignatureScheme, hook };
}

/** The webhook trigger's URL on the base host (`publicBaseUrl` with or without a trailing slash). */
export function webhookUrlOf(publicBaseUrl: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/webhook/trigger`;
}

/** The variant URLs of a trigger, one per scheme, as webhooks/register returns them. */
export function signedUrls(webhookUrl: string, secretHash: string): Record<SignatureScheme, string> {
  const urls = {} as Record<SignatureScheme, string>;
  for (const scheme of SIGNATURE_SCHEMES)
    urls[scheme] = `${webhookUrl}?${VERIFY_PARAMETER}=${scheme}&${HOOK_PARAMETER}=${secretHash}`;
  return urls;
}

/**
 * The trigger's secret in the form Standard Webhooks senders expect: `whsec_` + standard base64 of
 * the key bytes. Our secret is `whsec_` + base64url of 32 MAC bytes, so this is the same key, spelled
 * in the alphabet (and padding) that the Standard Webhooks libraries decode.
 */
export function standardWebhooksSecret(secret: string): string {
  const bytes = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64url');
  return WEBHOOK_SECRET_PREFIX + bytes.toString('base64');
}
