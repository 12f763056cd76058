// integration: calls to /webhook/trigger over HTTP against the whole local stack — callbackUrl (the callback
// receiver is a plain HTTP server on 127.0.0.1, reachable because OUTBOUND_ALLOW_HOSTS names it), idempotency
// (caller keys and provider delivery ids, including concurrent duplicates) and provider hints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallbackReceiver, type WebhookClient, unique, type Registration } from './support/webhooks-stack.ts';
import {
  EXECUTION_ID,
  runCount,
  startTriggerStack,
  stopTriggerStack,
  type TriggerStack,
} from './support/trigger-stack.ts';

let trigger: TriggerStack;
let receiver: CallbackReceiver;
let client: WebhookClient;
let canvasId: string;
let hook: Registration;

beforeAll(async () => {
  trigger = await startTriggerStack();
  ({ receiver, client, canvasId, hook } = trigger);
});

afterAll(async () => stopTriggerStack(trigger ?? {}));

describe('callbackUrl', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/cb'],
    ['a private address', 'https://10.1.2.3/cb'],
    ['localhost', 'https://localhost/cb'],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['plain http', 'http://hooks.example.com/cb'],
  ])('answers 400 to a callbackUrl on %s and starts no run', async (_what, callbackUrl) => {
    // Prepare
    const before = await runCount(client, canvasId);

    // Act
    const answer = await client.callWebhook({ secret: hook.webhookSecret, body: { event: 'x', callbackUrl } });

    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.stringContaining('callbackUrl'), code: 'validation_failed' });
    expect(await runCount(client, canvasId)).toBe(before);
  });

  it('strips callbackUrl from the inputs and body-out and sends the allowed receiver exactly one callback', async () => {
    // Prepare
    const callbackUrl = `${receiver.origin}/ok/webhook`;

    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      body: { event: 'order.paid', callbackUrl },
    });
    expect(accepted.status, accepted.text).toBe(202);
    const { executionId } = accepted.body;
    // An instant run's callback goes out through the run outbox (docs/runs.md): sweep now, with no hold,
    // rather than wait for local mode's sweeper (every 10 s, 30 s hold).
    const { sweep } = await import('../../functions/workers/sweep-runs.ts');
    await sweep(0, 0);
    const done = await client.waitFor(
      executionId,
      (s) => s.callback?.delivered !== null && s.callback?.delivered !== undefined,
      'callback recorded',
    );

    // Assess
    expect(done.status).toBe('succeeded');
    expect(done.inputs).toEqual({ event: 'order.paid' });
    expect(JSON.parse(done.outputs.hook['body-out'])).toEqual({ event: 'order.paid' });
    expect(done.callback).toMatchObject({ url: callbackUrl, delivered: true, statusCode: 200 });
    const received = receiver.for(executionId);
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/ok/webhook');
    expect(received[0]!.body).toMatchObject({ executionId, canvasId, status: 'succeeded' });
    expect(received[0]!.rawBody).not.toContain(hook.webhookSecret);
  });
});

describe('idempotency', () => {
  it.each([
    ['Idempotency-Key', (key: string) => ({ headers: { 'Idempotency-Key': key } }), {}],
    ['x-idempotency-key', (key: string) => ({ headers: { 'x-idempotency-key': key } }), {}],
    ['the body idempotencyKey', () => ({ headers: {} }), { withBodyKey: true }],
  ] as const)(
    'replays a call with the same %s: same executionId and Idempotency-Replayed: true',
    async (_how, headersFor, options) => {
      // Prepare
      const key = unique('key');
      const body = { order: 7, ...((options as { withBodyKey?: boolean }).withBodyKey ? { idempotencyKey: key } : {}) };
      const send = () => client.callWebhook({ secret: hook.webhookSecret, body, ...headersFor(key) });
      const before = await runCount(client, canvasId);

      // Act
      const first = await send();
      const again = await send();

      // Assess
      expect(first.status, first.text).toBe(202);
      expect(first.headers.get('idempotency-replayed')).toBeNull();
      expect(again.status).toBe(202);
      expect(again.body).toEqual({ ...first.body, replayed: true, message: expect.any(String) });
      expect(again.headers.get('idempotency-replayed')).toBe('true');
      expect(await runCount(client, canvasId)).toBe(before + 1);
    },
  );

  it('answers 409 to the same key with a different body', async () => {
    // Prepare
    const key = unique('conflict');
    const first = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'Idempotency-Key': key },
      body: { v: 1 },
    });

    // Act
    const different = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'Idempotency-Key': key },
      body: { v: 2 },
    });

    // Assess
    expect(first.status).toBe(202);
    expect(different.status).toBe(409);
    expect(different.body).toEqual({ error: expect.any(String), code: 'idempotency_conflict' });
  });

  it('keeps keys per trigger: the same key on another trigger starts its own run', async () => {
    // Prepare
    const { registration: other } = await client.registeredCanvas();
    const key = unique('shared');

    // Act
    const here = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'Idempotency-Key': key },
      body: { k: 1 },
    });
    const there = await client.callWebhook({
      secret: other.webhookSecret,
      headers: { 'Idempotency-Key': key },
      body: { k: 1 },
    });

    // Assess
    expect(here.status).toBe(202);
    expect(there.status).toBe(202);
    expect(there.body.executionId).not.toBe(here.body.executionId);
    expect(there.headers.get('idempotency-replayed')).toBeNull();
  });

  it('answers 400 to a malformed Idempotency-Key header', async () => {
    // Act
    const spaces = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'Idempotency-Key': 'has spaces' },
      body: { a: 1 },
    });
    const tooLong = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'x-idempotency-key': 'k'.repeat(256) },
      body: { a: 1 },
    });

    // Assess
    expect(spaces.status).toBe(400);
    expect(tooLong.status).toBe(400);
  });

  it('starts a new run for each call without any key', async () => {
    // Act
    const first = await client.callWebhook({ secret: hook.webhookSecret, body: { same: true } });
    const second = await client.callWebhook({ secret: hook.webhookSecret, body: { same: true } });

    // Assess
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.executionId).not.toBe(first.body.executionId);
    expect(second.headers.get('idempotency-replayed')).toBeNull();
  });
});

describe('provider hints', () => {
  const providers = [
    {
      name: 'GitHub',
      provider: 'github',
      delivery: (id: string) => ({
        headers: { 'X-GitHub-Delivery': id, 'X-GitHub-Event': 'push' },
        body: { ref: 'refs/heads/main' },
        eventId: id,
      }),
    },
    {
      name: 'Stripe',
      provider: 'stripe',
      // A retry is signed anew (another timestamp); the event id in the body stays.
      delivery: (id: string, attempt = 1) => ({
        headers: { 'Stripe-Signature': `t=${1700000000 + attempt},v1=${'ab'.repeat(32)}` },
        body: { id, type: 'invoice.paid', object: 'event' },
        eventId: id,
      }),
    },
    {
      name: 'Shopify',
      provider: 'shopify',
      delivery: (id: string) => ({
        headers: { 'X-Shopify-Webhook-Id': id, 'X-Shopify-Topic': 'orders/create' },
        body: { id: 450789469, financial_status: 'paid' },
        eventId: id,
      }),
    },
    {
      name: 'Standard Webhooks',
      provider: 'standard-webhooks',
      delivery: (id: string, attempt = 1) => ({
        headers: { 'webhook-id': id, 'webhook-timestamp': String(1700000000 + attempt) },
        body: { type: 'user.created' },
        eventId: id,
      }),
    },
  ];

  it.each(providers)(
    'makes a retried $name delivery a replay and a different delivery a new run',
    async ({ provider, delivery }) => {
      // Prepare
      const id = unique(provider);
      const other = unique(provider);
      const send = (deliveryId: string, attempt?: number) => {
        const { headers, body } = delivery(deliveryId, attempt);
        return client.callWebhook({ secret: hook.webhookSecret, headers, body });
      };

      // Act
      const first = await send(id, 1);
      const retried = await send(id, 2);
      const different = await send(other, 1);

      // Assess
      expect(first.status, first.text).toBe(202);
      expect(first.body).toMatchObject({ executionId: expect.stringMatching(EXECUTION_ID), provider, eventId: id });
      expect(first.headers.get('idempotency-replayed')).toBeNull();
      expect(retried.status).toBe(202);
      expect(retried.body.executionId).toBe(first.body.executionId);
      expect(retried.headers.get('idempotency-replayed')).toBe('true');
      expect(different.status).toBe(202);
      expect(different.body.executionId).not.toBe(first.body.executionId);
      expect(different.headers.get('idempotency-replayed')).toBeNull();
    },
  );

  it('starts exactly one run for ten concurrent identical GitHub deliveries', async () => {
    // Prepare: a canvas of its own, so its run history counts only these calls
    const { canvasId: raced, registration } = await client.registeredCanvas();
    const delivery = unique('gh-race');

    // Act
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.callWebhook({
          secret: registration.webhookSecret,
          headers: { 'X-GitHub-Delivery': delivery, 'X-GitHub-Event': 'push' },
          body: { ref: 'main' },
        }),
      ),
    );

    // Assess
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(202));
    const ids = new Set(answers.map((answer) => answer.body.executionId));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotency-replayed') === null)).toHaveLength(1);
    const [executionId] = [...ids];
    await client.waitForStatus(executionId!, 'succeeded');
    expect((await client.listExecutions(raced)).map((item) => item.executionId)).toEqual([executionId]);
  });

  it('answers 409 to a provider delivery id reused with a different body', async () => {
    // Prepare
    const id = unique('gh-conflict');
    const first = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'X-GitHub-Delivery': id },
      body: { n: 1 },
    });

    // Act
    const changed = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'X-GitHub-Delivery': id },
      body: { n: 2 },
    });

    // Assess
    expect(first.status).toBe(202);
    expect(changed.status).toBe(409);
  });
});
