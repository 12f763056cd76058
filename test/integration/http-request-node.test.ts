// integration: the http-request node (issue 12 item 5) end to end — a run through the real state
// machine (local Step Functions stand-in) whose node calls a local HTTPS server (self-signed
// certificate trusted by this test only, OUTBOUND_EXTRA_CA_FILE; its host:port allow-listed), with a
// header secret taken from the workspace's `http` connection. The secret reaches the target and nothing
// else: not the execution, its outputs, its timeline, the canvas, the table.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookClient, startRunsStack, wholeTable, type RunsStack } from './support/webhooks-stack.ts';

const TLS = join(import.meta.dirname, '../support/fixtures/tls');
const CERT = join(TLS, 'localhost.crt');
const CRM_TOKEN = `crm_${randomBytes(24).toString('hex')}`;

let stack: RunsStack;
let client: WebhookClient;
let target: Server;
let origin: string;
const seen: { method: string; url: string; authorization?: string; body: string }[] = [];

beforeAll(async () => {
  target = createServer(
    { key: readFileSync(join(TLS, 'localhost.key')), cert: readFileSync(CERT) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          method: request.method!,
          url: request.url!,
          authorization: request.headers.authorization,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        if (request.url!.startsWith('/broken'))
          return void response.writeHead(500, { 'content-type': 'text/plain' }).end('upstream broke');
        response.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'req-7' });
        response.end(JSON.stringify({ created: request.url, got: Buffer.concat(chunks).toString('utf8') }));
      });
    },
  );
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(target.address() as AddressInfo).port}`;
  stack = await startRunsStack({ OUTBOUND_ALLOW_HOSTS: new URL(origin).host, OUTBOUND_EXTRA_CA_FILE: CERT });
  client = new WebhookClient(stack.baseUrl, stack.key);
  const stored = await client.post('/api/integrations/connections', {
    provider: 'http',
    credential: { CRM_TOKEN },
    allowedOrigins: [origin],
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
});

afterAll(async () => {
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
  await stack?.stop();
  delete process.env.OUTBOUND_EXTRA_CA_FILE;
});

/** prompt → call (http-request) → out, with the node's data as given. */
async function httpCanvas(data: Record<string, unknown>): Promise<string> {
  const canvasId = await client.createCanvas('HTTP canvas');
  await client.addNode(canvasId, { id: 'prompt', type: 'prompt', data: { prompt: 'from the node' } });
  await client.addNode(canvasId, { id: 'call', type: 'http-request', data });
  await client.addNode(canvasId, { id: 'out', type: 'output' });
  await client.addEdge(canvasId, {
    id: 'e1',
    source: 'prompt',
    sourceHandle: 'prompt-out',
    target: 'call',
    targetHandle: 'text-in',
  });
  await client.addEdge(canvasId, {
    id: 'e2',
    source: 'call',
    sourceHandle: 'status-out',
    target: 'out',
    targetHandle: 'value-in',
  });
  await client.addEdge(canvasId, {
    id: 'e3',
    source: 'call',
    sourceHandle: 'body-out',
    target: 'out',
    targetHandle: 'value-in',
  });
  return canvasId;
}

async function run(canvasId: string, inputs: Record<string, unknown>) {
  const accepted = await client.run({ canvasId, triggerNodeId: 'prompt', inputs });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  return client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed', 'cancelled');
}

describe('the http-request node', () => {
  it('calls the API with rendered URL, body and the secret header, and puts status, headers and body on its ports', async () => {
    // Prepare
    const canvasId = await httpCanvas({
      method: 'POST',
      url: `${origin}/orders/{{inputs.orderId}}`,
      headers: { authorization: 'Bearer {{connections.http.CRM_TOKEN}}', 'content-type': 'application/json' },
      body: '{"note":"{{input}}"}',
    });

    // Act
    const done = await run(canvasId, { orderId: 'o-42', prompt: 'rush it' });

    // Assess
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/orders/o-42',
      authorization: `Bearer ${CRM_TOKEN}`,
      body: '{"note":"rush it"}',
    });
    expect(done.outputs.call).toMatchObject({ 'status-out': 201, 'headers-out': { 'x-request-id': 'req-7' } });
    expect(JSON.parse(done.outputs.call['body-out'])).toEqual({ created: '/orders/o-42', got: '{"note":"rush it"}' });

    const everything = await client.everythingStoredAbout(done.executionId, canvasId);
    expect(everything).toContain('{{connections.http.CRM_TOKEN}}');
    expect(everything).not.toContain(CRM_TOKEN);
    expect(await wholeTable(stack.local.dynamodb.endpoint)).not.toContain(CRM_TOKEN);
  });

  it('fails the node on a 5xx answer by default, naming method, host and path but no secret', async () => {
    const canvasId = await httpCanvas({
      url: `${origin}/broken/{{inputs.orderId}}`,
      headers: { authorization: 'Bearer {{connections.http.CRM_TOKEN}}' },
    });

    const done = await run(canvasId, { orderId: 'o-1' });

    expect(done.status).toBe('failed');
    expect(JSON.stringify(done.error)).toContain(`GET ${new URL(origin).host}/broken/o-1 answered 500`);
    expect(JSON.stringify(done)).not.toContain(CRM_TOKEN);
  });

  it('passes the error status on when failOnErrorStatus is false', async () => {
    const done = await run(await httpCanvas({ url: `${origin}/broken/x`, failOnErrorStatus: false }), {});
    expect(done.status).toBe('succeeded');
    expect(done.outputs.call).toMatchObject({ 'status-out': 500, 'body-out': 'upstream broke' });
  });

  // ORIGIN: the target's origin, known only once beforeAll ran (the table is built before).
  it.each([
    [
      'a secret in the URL',
      { url: 'ORIGIN/x?key={{connections.http.CRM_TOKEN}}' },
      /header values only, not in the url/,
    ],
    [
      'an unknown secret name',
      { url: 'ORIGIN/x', headers: { authorization: '{{connections.http.NOPE}}' } },
      /has no field NOPE/,
    ],
    [
      'a connection type that does not exist',
      { url: 'ORIGIN/x', headers: { authorization: '{{connections.crm.TOKEN}}' } },
      /no connection type "crm"/,
    ],
    ['a private address', { url: 'https://10.0.0.8/x' }, /url must point to a public host/],
    ['plain http', { url: 'http://example.com/x' }, /url must use https/],
  ])('fails the node with a clear message for %s, and sends nothing', async (_label, data, message) => {
    const before = seen.length;
    const done = await run(await httpCanvas({ ...data, url: data.url.replace('ORIGIN', origin) }), {});
    expect(done.status).toBe('failed');
    expect(done.error.message).toMatch(message);
    expect(seen.length).toBe(before);
  });
});
