// test support (integration, runs after they are accepted): local mode on the state machine
// (INLINE_INSTANT_RUNS=off) with a callback receiver it may call and a deployment callback secret, a
// linear canvas, and the checks of a callback: its older X-Service-Signature headers recomputed by an
// independent HMAC, and its outcome recorded on the execution.
//
// The callback receiver is a plain HTTP server on 127.0.0.1, reachable because OUTBOUND_ALLOW_HOSTS
// names it (local mode and tests only). Both variables are set before startLocalMode, as handlers
// read them when first imported.
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { CallbackReceiver, Client, startRunsStack, type ReceivedCallback, type RunsStack } from './runs-stack.ts';

export interface ControlStack {
  receiver: CallbackReceiver;
  stack: RunsStack;
  client: Client;
  /** prompt → tpl ('You said: {{input}}') → out. */
  canvasId: string;
  /** The deployment's callback secret, which signs the older headers. */
  secret: string;
  /** When the stack was started: every callback's timestamp is after it. */
  startedAt: number;
}

export async function startControlStack(): Promise<ControlStack> {
  const secret = `whsec-${randomBytes(12).toString('hex')}`;
  const startedAt = Date.now();
  const receiver = await new CallbackReceiver().start();
  const stack = await startRunsStack({
    OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
    CALLBACK_SIGNING_SECRET: secret,
    INLINE_INSTANT_RUNS: 'off',
  });
  const client = new Client(stack.baseUrl, stack.key);
  const canvasId = await client.linearCanvas('You said: {{input}}', 'hello');
  return { receiver, stack, client, canvasId, secret, startedAt };
}

export async function stopControlStack({ stack, receiver }: Partial<ControlStack>): Promise<void> {
  await stack?.stop();
  await receiver?.stop();
}

/**
 * HMAC-SHA256 written out from its definition (RFC 2104) over SHA-256, so the check does not share
 * code — not even node's createHmac — with the service's signer.
 */
export function hmacSha256Hex(secret: string, message: string): string {
  const BLOCK = 64;
  let key = Buffer.from(secret, 'utf8');
  if (key.length > BLOCK) key = createHash('sha256').update(key).digest();
  const padded = Buffer.concat([key, Buffer.alloc(BLOCK - key.length)]);
  const inner = createHash('sha256')
    .update(padded.map((byte) => byte ^ 0x36))
    .update(Buffer.from(message, 'utf8'))
    .digest();
  return createHash('sha256')
    .update(padded.map((byte) => byte ^ 0x5c))
    .update(inner)
    .digest('hex');
}

/** The callback carries both older signatures, by the deployment's secret, timestamped while the stack ran. */
export function assertSigned({ secret, startedAt }: ControlStack, callback: ReceivedCallback): void {
  const timestamp = callback.headers['x-service-signature-timestamp'] as string;
  const nonce = callback.headers['x-service-signature-nonce'] as string;
  expect(timestamp).toMatch(/^\d+$/);
  // Milliseconds, taken while this file ran (an ordering check, not a timing one)
  expect(Number(timestamp)).toBeGreaterThanOrEqual(startedAt);
  expect(Number(timestamp)).toBeLessThanOrEqual(Date.now());
  expect(nonce).toMatch(/^[A-Za-z0-9_-]{8,}$/);
  expect(callback.headers['x-service-signature']).toBe(`sha256=${hmacSha256Hex(secret, callback.rawBody)}`);
  expect(callback.headers['x-service-signature-v2']).toBe(
    `sha256=${hmacSha256Hex(secret, `${timestamp}.${nonce}.${callback.rawBody}`)}`,
  );
  expect(callback.headers['content-type']).toBe('application/json');
}

/** Waits until the callback of `attempt` has been sent and its outcome recorded. */
export const callbackRecorded = (client: Client, executionId: string, attempt = 1) =>
  client.waitFor(
    executionId,
    (s) => s.callback?.attempt === attempt && s.callback.delivered !== null,
    `callback of attempt ${attempt} recorded`,
  );
