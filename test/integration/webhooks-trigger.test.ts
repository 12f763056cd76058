// integration: calls to /webhook/trigger over HTTP against the whole local stack (startLocalMode in
// this process) — methods and CORS, the secret rules, the six trigger outputs with secrets redacted,
// body size over the local HTTP front, form bodies, callbackUrl, idempotency (caller keys and provider
// delivery ids, including concurrent duplicates) and workspace-key isolation.
//
// The callback receiver is a plain HTTP server on 127.0.0.1, reachable because OUTBOUND_ALLOW_HOSTS
// names it; set before startLocalMode, as handlers read it when first imported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallbackReceiver,
  WebhookClient,
  rawRequest,
  startRunsStack,
  unique,
  wholeTable,
  type Registration,
  type RunsStack,
} from './support/webhooks-stack.ts';

let receiver: CallbackReceiver;
let stack: RunsStack;
let client: WebhookClient;
/** hook → tpl → out, registered; shared by the tests that start runs on it. */
let canvasId: string;
let hook: Registration;

beforeAll(async () => {
  receiver = await new CallbackReceiver().start();
  stack = await startRunsStack({ OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiver.port}` });
  client = new WebhookClient(stack.baseUrl, stack.key);
  ({ canvasId, registration: hook } = await client.registeredCanvas('Got: {{input}}'));
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.stop();
});

const EXECUTION_ID = /^exec_[0-9a-z]{26}$/;

/** Number of executions of a canvas, as GET /api/mcp/canvas/executions lists them. */
const runCount = async (canvas = canvasId) => (await client.listExecutions(canvas)).length;

describe('accepted calls', () => {
  it.each([
    ['GET', undefined, undefined],
    ['POST', { order: 42, customer: 'Ada' }, 'application/json'],
    ['PUT', { order: 43 }, 'application/json'],
    ['PATCH', 'status=paid&tag=a&tag=b', 'application/x-www-form-urlencoded'],
    ['DELETE', undefined, undefined],
  ] as const)(
    'answers %s with 202 and runs the workflow with the six trigger outputs',
    async (method, body, contentType) => {
      // Prepare
      const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
      const headers: Record<string, string> = {
        'x-custom-header': `custom-${method}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      };

      // Act
      const accepted = await client.callWebhook({
        method,
        secret: hook.webhookSecret,
        search: `?source=crm&m=${method}`,
        headers,
        ...(raw ? { body: raw } : {}),
      });

      // Assess: the 202
      expect(accepted.status, accepted.text).toBe(202);
      expect(accepted.body).toMatchObject({ ok: true, executionId: expect.stringMatching(EXECUTION_ID) });
      expect(accepted.headers.get('idempotency-replayed')).toBeNull();
      expect(accepted.headers.get('access-control-allow-origin')).toBe('*');

      // Assess: the run and the trigger's outputs
      const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed', 'cancelled');
      expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
      expect(done).toMatchObject({ canvasId, triggerNodeId: 'hook', trigger: { kind: 'webhook' } });
      const outputs = done.outputs.hook;
      expect(Object.keys(outputs).sort()).toEqual([
        'body-out',
        'headers-out',
        'method-out',
        'query-out',
        'raw-body-out',
        'url-out',
      ]);
      expect(outputs['method-out']).toBe(method);
      expect(outputs['url-out']).toBe(`${stack.baseUrl}/webhook/trigger?source=crm&m=${method}`);
      expect(JSON.parse(outputs['query-out'])).toEqual({ source: 'crm', m: method });
      const seenHeaders = JSON.parse(outputs['headers-out']);
      expect(seenHeaders.authorization).toBe('[redacted]');
      expect(seenHeaders['x-custom-header']).toBe(`custom-${method}`);
      expect(outputs['raw-body-out']).toBe(raw);
      if (method === 'PATCH') {
        expect(JSON.parse(outputs['body-out'])).toEqual({ status: 'paid', tag: ['a', 'b'] });
        expect(done.inputs).toEqual({ status: 'paid', tag: ['a', 'b'] });
      } else if (body !== undefined) {
        expect(JSON.parse(outputs['body-out'])).toEqual(body);
        expect(done.inputs).toEqual(body);
      } else {
        expect(outputs['body-out']).toBe('');
        expect(done.inputs).toEqual({});
      }
      expect(done.result).toEqual({ out: `Got: ${outputs['body-out']}` });
    },
  );

  it('accepts the secret in x-webhook-secret too', async () => {
    // Act
    const accepted = await client.callWebhook({
      headers: { 'x-webhook-secret': hook.webhookSecret },
      body: { via: 'x-webhook-secret' },
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');
    expect(done.status).toBe('succeeded');
    expect(JSON.parse(done.outputs.hook['headers-out'])['x-webhook-secret']).toBe('[redacted]');
  });

  it('keeps the secret out of everything stored and every response but register', async () => {
    // Prepare: the secret in every header that may carry it, plus a cookie
    const secret = hook.webhookSecret;
    const headers = {
      'x-webhook-secret': secret,
      cookie: `session=${secret}; theme=dark`,
      'content-type': 'application/json',
    };

    // Act
    const accepted = await client.callWebhook({
      secret,
      headers,
      body: { note: 'redaction' },
      search: '?source=redaction',
    });
    expect(accepted.status, accepted.text).toBe(202);
    const { executionId } = accepted.body;
    const done = await client.waitForStatus(executionId, 'succeeded', 'failed');
    const replayed = await client.callWebhook({
      secret,
      headers: { ...headers, 'idempotency-key': 'no-leak' },
      body: { note: 'redaction' },
    });
    const refusals = [
      await client.callWebhook({ secret, search: `?secret=${secret}` }),
      await client.callWebhook({ secret: `${secret}x` }),
      await client.callWebhook({ secret, body: '{"broken":', headers: { 'content-type': 'application/json' } }),
    ];

    // Assess
    expect(done.status).toBe('succeeded');
    const headersOut = JSON.parse(done.outputs.hook['headers-out']);
    expect(headersOut).toMatchObject({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-webhook-secret': '[redacted]',
    });
    const stored = await client.everythingStoredAbout(executionId, canvasId);
    expect(stored).toContain(executionId);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice('whsec_'.length));
    const table = await wholeTable(stack.local.dynamodb.endpoint);
    expect(table).toContain(executionId);
    expect(table).not.toContain(secret.slice('whsec_'.length));
    for (const answer of [accepted, replayed, ...refusals]) {
      expect(answer.text).not.toContain(secret.slice('whsec_'.length));
      expect(JSON.stringify([...answer.headers])).not.toContain(secret.slice('whsec_'.length));
    }
  });
});

describe('methods and CORS', () => {
  it('answers an OPTIONS preflight with 204 and the CORS headers, without a secret, and starts no run', async () => {
    // Prepare
    const before = await runCount();

    // Act
    const preflight = await client.callWebhook({
      method: 'OPTIONS',
      secret: null,
      headers: {
        origin: 'https://crm.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });

    // Assess
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = preflight.headers
      .get('access-control-allow-methods')!
      .split(',')
      .map((m) => m.trim());
    expect(allowed).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
    const allowedHeaders = preflight.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const name of ['authorization', 'content-type', 'x-webhook-secret', 'idempotency-key'])
      expect(allowedHeaders).toContain(name);
    expect(await runCount()).toBe(before);
  });

  it('answers HEAD, TRACE and other methods with 405 and an Allow header, starting no run', async () => {
    // Prepare
    const before = await runCount();

    // Act
    const head = await client.callWebhook({ method: 'HEAD', secret: hook.webhookSecret });
    const propfind = await client.callWebhook({ method: 'PROPFIND', secret: hook.webhookSecret });
    const trace = await rawRequest(stack.baseUrl, 'TRACE', '/webhook/trigger', {
      authorization: `Bearer ${hook.webhookSecret}`,
    });

    // Assess
    expect(head.status).toBe(405);
    expect(propfind.status).toBe(405);
    expect(propfind.body).toEqual({ error: expect.any(String), code: 'method_not_allowed' });
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.text)).toEqual({ error: expect.any(String), code: 'method_not_allowed' });
    for (const allow of [head.headers.get('allow'), propfind.headers.get('allow'), trace.headers.allow as string]) {
      expect(allow?.split(',').map((m) => m.trim())).toEqual(
        expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
      );
    }
    expect(await runCount()).toBe(before);
  });
});

describe('the secret', () => {
  it('answers 400 to ?secret=, even with a valid header, and starts no run', async () => {
    // Prepare
    const before = await runCount();

    // Act
    const withHeader = await client.callWebhook({
      secret: hook.webhookSecret,
      search: `?secret=${hook.webhookSecret}`,
      body: { a: 1 },
    });
    const alone = await client.callWebhook({ secret: null, search: `?secret=${hook.webhookSecret}`, body: { a: 1 } });

    // Assess
    expect(withHeader.status).toBe(400);
    expect(withHeader.body).toEqual({ error: expect.any(String), code: 'validation_failed' });
    expect(alone.status).toBe(400);
    expect(await runCount()).toBe(before);
  });

  it('answers 400 when no secret is sent', async () => {
    // Act
    const none = await client.callWebhook({ secret: null, body: { a: 1 } });
    const emptyBearer = await client.callWebhook({
      secret: null,
      headers: { authorization: 'Bearer ' },
      body: { a: 1 },
    });

    // Assess
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: expect.any(String), code: 'validation_failed' });
    expect(emptyBearer.status).toBe(400);
  });

  it('answers 404 (Unknown webhook secret) to an unknown secret, and to a workspace API key', async () => {
    // Act
    const unknown = await client.callWebhook({
      secret: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      body: { a: 1 },
    });
    const apiKey = await client.callWebhook({ secret: stack.key, body: { a: 1 } });

    // Assess
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Unknown webhook secret', code: 'not_found' });
    expect(apiKey.status).toBe(404);
  });
});

describe('bodies', () => {
  it('accepts a body of exactly 512 KiB over the local HTTP front', async () => {
    // Prepare: a text/plain body of exactly 512 * 1024 bytes
    const body = 'x'.repeat(512 * 1024);

    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'text/plain' },
      body,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body.executionId).toMatch(EXECUTION_ID);
  });

  it('accepts a JSON body of exactly 512 KiB over the local HTTP front', async () => {
    // Prepare
    const body = `{"pad":"${'y'.repeat(512 * 1024 - 10)}"}`;
    expect(Buffer.byteLength(body)).toBe(512 * 1024);

    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'application/json' },
      body,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
  });

  it('runs a 100 KiB body (well under the 512 KiB limit) to success', async () => {
    // Prepare: a canvas whose text node does not repeat the body (only the trigger carries it)
    const { registration } = await client.registeredCanvas('size check');
    const body = 'z'.repeat(100 * 1024);

    // Act
    const accepted = await client.callWebhook({
      secret: registration.webhookSecret,
      headers: { 'content-type': 'text/plain' },
      body,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    const done = await client.settled(accepted.body.executionId, 5_000);
    expect(done.error).toBeNull();
    expect(done.status).toBe('succeeded');
    // Over the 64 KiB inline limit of API responses: the value comes as a download URL of the stored blob.
    const blob = done.outputs.hook['raw-body-out'].blob as { url: string; bytes: number };
    expect(blob.bytes).toBe(Buffer.byteLength(JSON.stringify(body)));
    const download = await fetch(blob.url);
    expect(download.status).toBe(200);
    expect(JSON.parse(await download.text())).toBe(body);
  });

  it(
    'runs a 500 KiB JSON body through hook → text → output to success (values live in the blob store, not the ' +
      'item)',
    async () => {
      // Prepare
      const raw = JSON.stringify({ pad: 'p'.repeat(500 * 1024 - 10) });

      // Act
      const accepted = await client.callWebhook({
        secret: hook.webhookSecret,
        headers: { 'content-type': 'application/json' },
        body: raw,
      });

      // Assess
      expect(accepted.status, accepted.text).toBe(202);
      const done = await client.settled(accepted.body.executionId, 10_000);
      expect(done.error).toBeNull();
      expect(done.status).toBe('succeeded');
      expect(done.outputs.hook['body-out'].blob.bytes).toBeGreaterThan(500 * 1024);
    },
  );

  it('runs a 60 KiB JSON body (under the 64 KiB port limit) through hook → text → output to success', async () => {
    // Prepare
    const raw = JSON.stringify({ pad: 'q'.repeat(60 * 1024 - 10) });
    expect(Buffer.byteLength(raw)).toBe(60 * 1024);

    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'application/json' },
      body: raw,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    // (runs of small bodies settle well within a second here; this one gets 5 s)
    const done = await client.settled(accepted.body.executionId, 5_000);
    expect(done.error).toBeNull();
    expect(done.status).toBe('succeeded');
    expect(done.result).toEqual({ out: `Got: ${raw}` });
  });

  it('answers 413 to 512 KiB + 1 byte and starts no run', async () => {
    // Prepare
    const before = await runCount();
    const body = 'x'.repeat(512 * 1024 + 1);

    // Act
    const refused = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'text/plain' },
      body,
    });

    // Assess
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ error: expect.any(String), code: 'payload_too_large' });
    expect(await runCount()).toBe(before);
  });

  it('keeps a non-form, non-JSON body raw: empty inputs, body-out and raw-body-out are the text', async () => {
    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'text/plain' },
      body: 'plain text payload',
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');
    expect(done.status).toBe('succeeded');
    expect(done.inputs).toEqual({});
    expect(done.outputs.hook['body-out']).toBe('plain text payload');
    expect(done.outputs.hook['raw-body-out']).toBe('plain text payload');
  });

  it('answers 400 to malformed JSON and starts no run', async () => {
    // Prepare
    const before = await runCount();

    // Act
    const answer = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });

    // Assess
    expect(answer.status).toBe(400);
    expect(await runCount()).toBe(before);
  });

  it("accepts a JSON body with an integer beyond 2^53, as in Shopify's sample payloads", async () => {
    // Prepare: the order id of Shopify's documented orders/create sample
    const raw = '{"id":820982911946154508,"email":"jon@example.com"}';

    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'application/json' },
      body: raw,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');
    expect(done.status).toBe('succeeded');
    expect(done.outputs.hook['raw-body-out']).toBe(raw);
  });

  it('makes form fields the workflow inputs ({{inputs.name}} renders them)', async () => {
    // Prepare
    const { registration } = await client.registeredCanvas('Hello {{inputs.name}} ({{inputs.plan}})');

    // Act
    const accepted = await client.callWebhook({
      secret: registration.webhookSecret,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ada+Lovelace&plan=pro',
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');
    expect(done.status).toBe('succeeded');
    expect(done.inputs).toEqual({ name: 'Ada Lovelace', plan: 'pro' });
    expect(done.result).toEqual({ out: 'Hello Ada Lovelace (pro)' });
    expect(done.outputs.hook['raw-body-out']).toBe('name=Ada+Lovelace&plan=pro');
  });
});

describe('callbackUrl', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/cb'],
    ['a private address', 'https://10.1.2.3/cb'],
    ['localhost', 'https://localhost/cb'],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['plain http', 'http://hooks.example.com/cb'],
  ])('answers 400 to a callbackUrl on %s and starts no run', async (_what, callbackUrl) => {
    // Prepare
    const before = await runCount();

    // Act
    const answer = await client.callWebhook({ secret: hook.webhookSecret, body: { event: 'x', callbackUrl } });

    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.stringContaining('callbackUrl'), code: 'validation_failed' });
    expect(await runCount()).toBe(before);
  });

  it(
    'strips callbackUrl from the ' +
      'inputs and ' +
      'body-out and sends ' +
      'the allowed receiver exactly ' +
      'one callback',
    async () => {
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
    },
  );
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
      const before = await runCount();

      // Act
      const first = await send();
      const again = await send();

      // Assess
      expect(first.status, first.text).toBe(202);
      expect(first.headers.get('idempotency-replayed')).toBeNull();
      expect(again.status).toBe(202);
      expect(again.body).toEqual({ ...first.body, replayed: true, message: expect.any(String) });
      expect(again.headers.get('idempotency-replayed')).toBe('true');
      expect(await runCount()).toBe(before + 1);
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
