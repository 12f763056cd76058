// core: idempotency of run requests. A key names one run for 24 hours: the same key with the same
// request replays the original answer, the same key with a different request is a 409.
import { createHash } from 'node:crypto';
import { ValidationError } from '../errors.ts';

/** How long a run request's idempotency record is kept (DynamoDB TTL). */
export const RUN_IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Sorted-key JSON, so that `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * What makes two run requests "the same": canvas, trigger node, inputs and callback URL. How the
 * caller waits (`sync`, `timeoutSeconds`) and the key itself are not part of it.
 */
export function runFingerprint(request: { canvasId: string; triggerNodeId: string; inputs: unknown; callbackUrl?: string }): string {
  return sha256(
    canonicalJson({ canvasId: request.canvasId, triggerNodeId: request.triggerNodeId, inputs: request.inputs ?? {}, callbackUrl: request.callbackUrl ?? null }),
  );
}

/** The key used when the caller sends none: the fingerprint itself, so an accidental resend is harmless. */
export const derivedRunKey = (fingerprint: string) => `derived:${fingerprint}`;

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** Picks the header or body key (they must agree when both are sent) and checks its form. */
export function chooseIdempotencyKey(header: string | undefined, body: string | undefined): string | undefined {
  if (header !== undefined && body !== undefined && header !== body) {
    throw new ValidationError('Idempotency-Key header and idempotencyKey body field differ; send one');
  }
  const key = header ?? body;
  if (key !== undefined && !KEY_FORMAT.test(key)) {
    throw new ValidationError('Idempotency key must be 1–255 printable ASCII characters without spaces');
  }
  return key;
}

/** Keys are stored hashed: they are the caller's strings and may be long or sensitive. */
export const idempotencyKeyHash = (key: string) => sha256(key);
