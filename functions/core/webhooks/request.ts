// core: an incoming webhook call, taken apart — secret, body, provider hints — and the six values the
// trigger node puts on its ports. Secrets never reach the ports: the headers that can carry them are
// redacted and the secret query parameter is stripped.
import { createHash } from 'node:crypto';
import { PayloadTooLargeError, ValidationError } from '../errors.ts';
import type { WebhookRequestPorts } from '../runs/model.ts';
import { chooseIdempotencyKey } from '../runs/idempotency.ts';
import { LONGEST_REDELIVERY_WINDOW_SECONDS } from './provider-windows.ts';

/** Bodies above this are refused with 413. */
export const WEBHOOK_MAX_BODY_BYTES = 512 * 1024;

export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const REDACTED = '[redacted]';
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'x-webhook-secret', 'proxy-authorization', 'set-cookie']);

export interface WebhookCall {
  method: string;
  /** The full request URL, e.g. `https://api.example.com/webhook/trigger?source=crm`. */
  url: string;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  query: Record<string, string>;
  body: Buffer;
}

/** The secret of a call: `Authorization: Bearer` or `x-webhook-secret`. `?secret=` is refused outright. */
export function webhookSecretOf(call: Pick<WebhookCall, 'headers' | 'query'>): string {
  if ('secret' in call.query) {
    throw new ValidationError(
      'Do not send the webhook secret in the query string (?secret=): use Authorization: Bearer or x-webhook-secret',
    );
  }
  // x-webhook-secret first: a sender may use its own Authorization header for something else.
  const bearer = /^Bearer[ ]+(\S+)\s*$/i.exec(call.headers.authorization ?? '')?.[1];
  const secret = call.headers['x-webhook-secret']?.trim() || bearer;
  if (!secret)
    throw new ValidationError('Missing webhook secret: send Authorization: Bearer <secret> or x-webhook-secret');
  return secret;
}

export interface ParsedWebhookBody {
  /** The workflow inputs: the JSON object or form fields, without callbackUrl. */
  inputs: Record<string, unknown>;
  callbackUrl?: string;
  idempotencyKey?: string;
  /** What body-out carries: the parsed body re-serialised without callbackUrl, or the raw text. */
  bodyOut: string;
}

function mediaType(headers: Record<string, string>): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export function parseWebhookBody(call: Pick<WebhookCall, 'headers' | 'body'>): ParsedWebhookBody {
  if (call.body.length > WEBHOOK_MAX_BODY_BYTES) {
    throw new PayloadTooLargeError(`Webhook body is ${call.body.length} bytes; the limit is ${WEBHOOK_MAX_BODY_BYTES}`);
  }
  const text = call.body.toString('utf8');
  const type = mediaType(call.headers);
  let fields: Record<string, unknown> | undefined;
  if (type === 'application/json' || type.endsWith('+json') || (type === '' && /^\s*\{/.test(text))) {
    if (text.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ValidationError('Malformed JSON body');
      }
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) fields = parsed as Record<string, unknown>;
      else return { inputs: { body: parsed }, bodyOut: JSON.stringify(parsed) };
    }
  } else if (type === 'application/x-www-form-urlencoded') {
    fields = {};
    for (const [name, value] of new URLSearchParams(text)) {
      const existing = fields[name];
      fields[name] =
        existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
  if (!fields) return { inputs: {}, bodyOut: text };
  const { callbackUrl, ...inputs } = fields;
  if (callbackUrl !== undefined && typeof callbackUrl !== 'string')
    throw new ValidationError('callbackUrl must be a string');
  const idempotencyKey = typeof inputs.idempotencyKey === 'string' ? inputs.idempotencyKey : undefined;
  return {
    inputs,
    ...(callbackUrl ? { callbackUrl } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
    bodyOut: JSON.stringify(inputs),
  };
}

/** The six output ports of the trigger node, secrets removed. */
export function triggerPorts(call: WebhookCall, bodyOut: string): WebhookRequestPorts {
  const headers = Object.fromEntries(
    Object.entries(call.headers).map(([name, value]) => [name, SECRET_HEADERS.has(name) ? REDACTED : value]),
  );
  const { secret: _secret, ...query } = call.query;
  const url = new URL(call.url);
  url.searchParams.delete('secret');
  return {
    'method-out': call.method,
    'url-out': url.href,
    'headers-out': JSON.stringify(headers),
    'query-out': JSON.stringify(query),
    'body-out': bodyOut,
    'raw-body-out': call.body.toString('utf8'),
  };
}

export interface ProviderHint {
  provider: 'github' | 'stripe' | 'shopify' | 'standard-webhooks' | 'generic';
  eventId: string;
  eventType?: string;
}

/**
 * Recognises the delivery id of well-known senders. Each retries a delivery with the same id, so the
 * id is an idempotency key that makes provider retries harmless.
 */
export function providerHint(
  headers: Record<string, string>,
  inputs: Record<string, unknown>,
): ProviderHint | undefined {
  if (headers['x-github-delivery']) {
    return { provider: 'github', eventId: headers['x-github-delivery'], eventType: headers['x-github-event'] };
  }
  if (headers['stripe-signature'] && typeof inputs.id === 'string') {
    return {
      provider: 'stripe',
      eventId: inputs.id,
      eventType: typeof inputs.type === 'string' ? inputs.type : undefined,
    };
  }
  if (headers['x-shopify-webhook-id']) {
    return { provider: 'shopify', eventId: headers['x-shopify-webhook-id'], eventType: headers['x-shopify-topic'] };
  }
  const standard = headers['webhook-id'] ?? headers['svix-id'];
  if (standard) return { provider: 'standard-webhooks', eventId: standard };
  const generic = headers['x-request-id'] ?? headers['x-delivery-id'] ?? headers['x-event-id'];
  if (generic) return { provider: 'generic', eventId: generic };
  return undefined;
}

/** A provider's delivery id is kept as long as the longest retry or redelivery window (provider-windows.ts). */
export const PROVIDER_KEY_TTL_SECONDS = LONGEST_REDELIVERY_WINDOW_SECONDS;
/**
 * A body-only signature (GitHub, Shopify) carries no timestamp, so it verifies for as long as the secret
 * does: a record kept only for the provider's window would let a captured delivery start a run again once
 * it expired. So its record never expires (DynamoDB holds it without TTL, about 250 bytes a delivery).
 * X-Shopify-Triggered-At cannot bound it instead: the header is outside the signature, a replayer sets it.
 */
export const SIGNED_BODY_KEY_TTL_SECONDS = Number.POSITIVE_INFINITY;
/** Keys the caller chose are kept as long as run keys. */
export const CALLER_KEY_TTL_SECONDS = 24 * 60 * 60;

/**
 * The idempotency key of a call, in order of precedence: `Idempotency-Key`, `x-idempotency-key`,
 * body `idempotencyKey`, then the provider's delivery id. None of these → every call is a new run.
 */
export function webhookIdempotency(
  headers: Record<string, string>,
  body: ParsedWebhookBody,
): { key: string; ttlSeconds: number; provider?: ProviderHint } | undefined {
  // The same rules as POST /api/run: a header and a body key must agree, and keys have a fixed form.
  const explicit = chooseIdempotencyKey(
    headers['idempotency-key'] ?? headers['x-idempotency-key'],
    body.idempotencyKey,
  );
  if (explicit) return { key: `key:${explicit}`, ttlSeconds: CALLER_KEY_TTL_SECONDS };
  const hint = providerHint(headers, body.inputs);
  if (hint) return { key: `${hint.provider}:${hint.eventId}`, ttlSeconds: PROVIDER_KEY_TTL_SECONDS, provider: hint };
  return undefined;
}

/**
 * Signature schemes that sign the body alone. Whoever captured one delivery can resend it with any
 * delivery id and any idempotency header, and it still verifies: those headers cannot name it.
 */
export const BODY_ONLY_SCHEMES: ReadonlySet<string> = new Set(['github', 'shopify']);

/**
 * The idempotency key of a delivery verified by a body-only signature: the digest of the signed bytes,
 * kept for good (SIGNED_BODY_KEY_TTL_SECONDS). A redelivery (same body) is a replay however its unsigned
 * headers were changed; the provider and delivery id are still reported, for information only.
 */
export function signedBodyIdempotency(
  headers: Record<string, string>,
  body: ParsedWebhookBody,
  raw: Buffer,
): { key: string; ttlSeconds: number; provider?: ProviderHint } {
  const provider = providerHint(headers, body.inputs);
  return {
    key: `body:${createHash('sha256').update(raw).digest('hex')}`,
    ttlSeconds: SIGNED_BODY_KEY_TTL_SECONDS,
    ...(provider ? { provider } : {}),
  };
}
