// core: idempotency of run requests. A caller's key names one run for 24 hours: the same key with the
// same request replays the original answer, the same key with a different request is a 409. Without a
// key, one is derived from the request and names its run for a short window only (client retries),
// and only while the canvas stays at the version that run froze.
import { createHash } from 'node:crypto';
import { ValidationError } from '../errors.ts';

/** How long a run request's idempotency record is kept (DynamoDB TTL) when the caller sent a key. */
export const RUN_IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/**
 * How long a derived key (no key sent) names its run. Long enough for a client to retry a request
 * whose answer it lost — a sync call waits up to 55 s, so a client timing out and retrying lands well
 * inside it — and short enough that "run it again" a few minutes later simply runs again.
 */
export const DERIVED_RUN_KEY_WINDOW_SECONDS = 120;

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
export function runFingerprint(request: {
  canvasId: string;
  triggerNodeId: string;
  inputs: unknown;
  callbackUrl?: string;
}): string {
  return sha256(
    canonicalJson({
      canvasId: request.canvasId,
      triggerNodeId: request.triggerNodeId,
      inputs: request.inputs ?? {},
      callbackUrl: request.callbackUrl ?? null,
    }),
  );
}

/**
 * The key used when the caller sends none: the fingerprint itself, so an accidental resend is harmless.
 * The canvas version takes part too, but not in the key string (it is not known before the canvas is
 * read, and reading both in one BatchGet is the point): the record keeps the version it was made at,
 * and a record from an older version no longer names a run (see `namesRun`).
 */
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

/** Is `key` one derived from the request (the caller sent none)? */
export const isDerivedRunKey = (key: string) => key.startsWith('derived:');

/**
 * Does a stored record still name the run for this request? A caller's key always does (until its
 * TTL); a derived key only while the canvas is at the version the record was made at, so editing the
 * canvas and running again runs the edited canvas.
 */
export function namesRun(
  record: { canvasVersion?: number },
  derived: boolean,
  canvasVersion: number | undefined,
): boolean {
  return !derived || (record.canvasVersion !== undefined && record.canvasVersion === canvasVersion);
}

/** What a replay's body says, on top of the original answer, so a client need not read headers. */
export function replayMessage(derived: boolean, ageSeconds: number): string {
  return derived
    ? `Same request as one accepted ${ageSeconds} s ago and the canvas is unchanged, so this is that run (without an Idempotency-Key, a repeat within ${DERIVED_RUN_KEY_WINDOW_SECONDS} s counts as a retry). To run again now, send a new Idempotency-Key.`
    : 'Replay: this idempotency key was used before with the same request, so this is the run it started; send a new key for a new run';
}

const SENDERS: Record<string, string> = { github: 'GitHub', stripe: 'Stripe', shopify: 'Shopify' };

/**
 * What a webhook replay says when the key was the sender's own event id (not a key the caller chose): the
 * sender redelivered an event, which it does until it sees a 2xx, and it cannot "send a new key".
 */
export function providerReplayMessage(provider: string, eventId: string): string {
  return `${SENDERS[provider] ?? 'The sender'} delivered event ${eventId} before, so this is a redelivery: it answers with the run the first delivery started and starts nothing new (a new event starts a new run)`;
}
