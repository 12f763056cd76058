// integration: the per-trigger rate limit of a webhook trigger over HTTP against the whole local stack:
// the call after the limit in a minute answers 429 with a numeric Retry-After and starts no run.
//
// WEBHOOK_RATE_LIMIT_PER_MINUTE is read once per cold start, so this file sets it (to 3) before
// startLocalMode. Every test here therefore calls any one trigger at most 3 times (calls refused
// before the limiter — unknown secret, trigger gone — do not count).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLimitedWebhookStack, type RunsStack, type WebhookClient } from './support/webhooks-stack.ts';

const LIMIT = 3;

let stack: RunsStack;
let client: WebhookClient;

beforeAll(async () => {
  ({ stack, client } = await startLimitedWebhookStack(LIMIT));
});

afterAll(async () => {
  await stack?.stop();
});

/**
 * The limiter counts in fixed one-minute windows aligned on the epoch. Calls that straddle a window
 * boundary would be counted in two windows, so start a burst only with some seconds of the current
 * window left (a bounded wait of at most a few seconds; nothing is asserted about time).
 */
async function awayFromWindowEdge(): Promise<void> {
  const intoWindow = (Date.now() / 1000) % 60;
  if (intoWindow > 55) await new Promise((resolve) => setTimeout(resolve, (60 - intoWindow + 0.5) * 1000));
}

describe('rate limit', () => {
  it(`answers the call after ${LIMIT} in a minute with 429 and a numeric Retry-After, and starts no run for it`, async () => {
    // Prepare
    const { canvasId, registration } = await client.registeredCanvas();
    await awayFromWindowEdge();

    // Act
    const answers = [];
    for (let n = 1; n <= LIMIT + 1; n++)
      answers.push(await client.callWebhook({ secret: registration.webhookSecret, body: { n } }));

    // Assess
    expect(answers.slice(0, LIMIT).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(202));
    const limited = answers[LIMIT]!;
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: expect.any(String), code: 'rate_limited' });
    const retryAfter = limited.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    const executions = await client.listExecutions(canvasId);
    expect(executions.map((item) => item.executionId).sort()).toEqual(
      answers
        .slice(0, LIMIT)
        .map((answer) => answer.body.executionId)
        .sort(),
    );
  });

  it('never answers a replay (a provider retrying an accepted delivery) with 429', async () => {
    // Prepare: one accepted delivery, then the window filled up to the limit with other deliveries
    const { registration } = await client.registeredCanvas();
    await awayFromWindowEdge();
    const delivery = { 'x-github-delivery': `retry-${Date.now()}`, 'x-github-event': 'push' };
    const first = await client.callWebhook({ secret: registration.webhookSecret, headers: delivery, body: { n: 0 } });
    for (let n = 1; n < LIMIT; n++)
      expect((await client.callWebhook({ secret: registration.webhookSecret, body: { n } })).status).toBe(202);

    // Act: the provider retries the first delivery; then a new delivery arrives
    const retried = await client.callWebhook({ secret: registration.webhookSecret, headers: delivery, body: { n: 0 } });
    const fresh = await client.callWebhook({ secret: registration.webhookSecret, body: { n: 'new' } });

    // Assess
    expect(first.status).toBe(202);
    expect(retried.status).toBe(202);
    expect(retried.headers.get('idempotency-replayed')).toBe('true');
    expect(retried.body.executionId).toBe(first.body.executionId);
    expect(fresh.status).toBe(429);
  });

  it('limits each trigger on its own', async () => {
    // Prepare: two trigger nodes on one canvas
    const { canvasId, registration: first } = await client.registeredCanvas();
    await client.addNode(canvasId, { id: 'hook2', type: 'webhook-trigger' });
    const second = await client.registered(canvasId, 'hook2');
    await awayFromWindowEdge();
    for (let n = 1; n <= LIMIT; n++)
      expect((await client.callWebhook({ secret: first.webhookSecret, body: { n } })).status).toBe(202);

    // Act
    const firstAgain = await client.callWebhook({ secret: first.webhookSecret, body: { n: 'over' } });
    const secondHook = await client.callWebhook({ secret: second.webhookSecret, body: { n: 1 } });

    // Assess
    expect(firstAgain.status).toBe(429);
    expect(secondHook.status).toBe(202);
  });
});
