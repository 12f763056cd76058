// integration: calls to /webhook/trigger over HTTP against the whole local stack (startLocalMode in
// this process) — accepted calls, methods and CORS, the secret rules. Bodies: webhooks-trigger-bodies.test.ts;
// callbackUrl, idempotency and provider hints: webhooks-trigger-keys.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type WebhookClient,
  rawRequest,
  wholeTable,
  type Registration,
  type RunsStack,
} from './support/webhooks-stack.ts';
import {
  EXECUTION_ID,
  runCount,
  startTriggerStack,
  stopTriggerStack,
  type TriggerStack,
} from './support/trigger-stack.ts';

let trigger: TriggerStack;
let stack: RunsStack;
let client: WebhookClient;
let canvasId: string;
let hook: Registration;

beforeAll(async () => {
  trigger = await startTriggerStack();
  ({ stack, client, canvasId, hook } = trigger);
});

afterAll(async () => stopTriggerStack(trigger ?? {}));

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
    const before = await runCount(client, canvasId);

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
    expect(await runCount(client, canvasId)).toBe(before);
  });

  it('answers HEAD, TRACE and other methods with 405 and an Allow header, starting no run', async () => {
    // Prepare
    const before = await runCount(client, canvasId);

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
    expect(await runCount(client, canvasId)).toBe(before);
  });
});

describe('the secret', () => {
  it('answers 400 to ?secret=, even with a valid header, and starts no run', async () => {
    // Prepare
    const before = await runCount(client, canvasId);

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
    expect(await runCount(client, canvasId)).toBe(before);
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
