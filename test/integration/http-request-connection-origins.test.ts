// integration: a connection's secret reaches only the origins a manager allowed (issue 21 item 2). An
// editor key (read:canvases write:canvas run:workflows, no manage:integrations) tries to send the
// workspace's `http` secret to a host of its own, by adding an http-request node and by changing only the
// URL of an owner's node; and an allowed origin that echoes the secret back must not get it into the run.
// Both local HTTPS servers are allow-listed by the outbound rules, so only the connection's allowed
// origins stand between the secret and the editor's host.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebhookClient, startRunsStack, wholeTable, type RunsStack } from './support/webhooks-stack.ts';

const TLS = join(import.meta.dirname, '../support/fixtures/tls');
const CERT = join(TLS, 'localhost.crt');
const CRM_TOKEN = `crm_${randomBytes(24).toString('hex')}`;
// A quote and a backslash: a JSON echo escapes them, and the escaped form must not survive either.
const QUOTED_TOKEN = `q"uo\\te_${randomBytes(12).toString('hex')}`;
const REDACTED = '[redacted:connections.http.CRM_TOKEN]';

let stack: RunsStack;
let owner: WebhookClient;
let editor: WebhookClient;
let allowed: Server;
let elsewhere: Server;
let allowedOrigin: string;
let elsewhereOrigin: string;
/** Every request the editor's own host received. */
const stolen: { url: string; headers: Record<string, unknown> }[] = [];
const logged: string[] = [];

async function listen(handler: Parameters<typeof createServer>[1]): Promise<[Server, string]> {
  const server = createServer({ key: readFileSync(join(TLS, 'localhost.key')), cert: readFileSync(CERT) }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return [server, `https://127.0.0.1:${(server.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
  [elsewhere, elsewhereOrigin] = await listen((request, response) => {
    stolen.push({ url: request.url!, headers: request.headers });
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(request.headers));
  });
  // The approved API echoes what it was sent (as some do, e.g. in error bodies): in a header, as JSON, as bytes.
  [allowed, allowedOrigin] = await listen((request, response) => {
    const authorization = request.headers.authorization ?? '';
    if (request.url === '/hop') return void response.writeHead(302, { location: `${elsewhereOrigin}/landed` }).end();
    if (request.url === '/bytes')
      return void response
        .writeHead(200, { 'content-type': 'application/octet-stream' })
        .end(Buffer.from(`\u0000${authorization}\u0000`));
    if (request.url === '/broken')
      return void response.writeHead(500, { 'content-type': 'text/plain' }).end(`bad token ${authorization}`);
    response
      .writeHead(200, { 'content-type': 'application/json', 'x-echo': authorization })
      .end(JSON.stringify({ authorization, quoted: request.headers['x-quoted'] }));
  });
  stack = await startRunsStack({
    OUTBOUND_ALLOW_HOSTS: [new URL(allowedOrigin).host, new URL(elsewhereOrigin).host].join(','),
    OUTBOUND_EXTRA_CA_FILE: CERT,
  });
  owner = new WebhookClient(stack.baseUrl, stack.key);
  const stored = await owner.post('/api/integrations/connections', {
    provider: 'http',
    credential: { CRM_TOKEN, QUOTED_TOKEN },
    allowedOrigins: [allowedOrigin],
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  const minted = await owner.post('/api/mcp/api-keys/create', {
    name: 'editor',
    scopes: ['read:canvases', 'write:canvas', 'run:workflows'],
  });
  expect(minted.status, JSON.stringify(minted.body)).toBe(201);
  editor = new WebhookClient(stack.baseUrl, minted.body.key);
});

afterAll(async () => {
  for (const server of [allowed, elsewhere]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  await stack?.stop();
  delete process.env.OUTBOUND_EXTRA_CA_FILE;
  vi.restoreAllMocks();
});

/** prompt → call (http-request) → out, built by `client`. */
async function httpCanvas(client: WebhookClient, data: Record<string, unknown>): Promise<string> {
  const canvasId = await client.createCanvas('HTTP canvas');
  await client.addNode(canvasId, { id: 'prompt', type: 'prompt', data: { prompt: 'go' } });
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
    sourceHandle: 'body-out',
    target: 'out',
    targetHandle: 'value-in',
  });
  return canvasId;
}

async function run(client: WebhookClient, canvasId: string, inputs: Record<string, unknown> = {}) {
  const accepted = await client.run({ canvasId, triggerNodeId: 'prompt', inputs });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  return client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed', 'cancelled');
}

const SECRET_HEADERS = { authorization: 'Bearer {{connections.http.CRM_TOKEN}}' };
const notAllowed = (origin: string) =>
  new RegExp(`may not be sent to ${origin.replaceAll('.', '\\.')}: .*allowedOrigins`);

describe('a connection secret reaches only the origins its manager allowed', () => {
  it('refuses an editor who adds a node sending the secret to its own host: the host never sees it, the node fails saying why', async () => {
    // Prepare
    const canvasId = await httpCanvas(editor, { url: `${elsewhereOrigin}/collect`, headers: SECRET_HEADERS });

    // Act
    const done = await run(editor, canvasId);

    // Assess
    expect(stolen).toEqual([]);
    expect(done.status).toBe('failed');
    expect(done.error.message).toMatch(notAllowed(elsewhereOrigin));
  });

  it('refuses an editor who changes only the URL of an owner-made node that works', async () => {
    // Prepare: the owner's node sends the secret where it is allowed to go.
    const canvasId = await httpCanvas(owner, { url: `${allowedOrigin}/orders`, headers: SECRET_HEADERS });
    expect((await run(owner, canvasId)).status).toBe('succeeded');

    // Act: the editor points it at its own host, through a run input too (the URL is checked once rendered).
    const updated = await editor.post('/api/mcp/canvas/node/update', {
      canvasId,
      nodeId: 'call',
      data: { url: '{{inputs.target}}/collect' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const done = await run(editor, canvasId, { target: elsewhereOrigin });

    // Assess
    expect(stolen).toEqual([]);
    expect(done.status).toBe('failed');
    expect(done.error.message).toMatch(notAllowed(elsewhereOrigin));
  });

  it('does not follow a redirect from an allowed origin to another', async () => {
    const done = await run(editor, await httpCanvas(editor, { url: `${allowedOrigin}/hop`, headers: SECRET_HEADERS }));
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(stolen).toEqual([]);
  });

  it('redacts the secret an allowed origin echoes, in a header, as JSON and as bytes, before the run stores it', async () => {
    // Prepare
    const headers = { ...SECRET_HEADERS, 'x-quoted': '{{connections.http.QUOTED_TOKEN}}' };
    const json = await httpCanvas(editor, { url: `${allowedOrigin}/echo`, headers });
    const bytes = await httpCanvas(editor, { url: `${allowedOrigin}/bytes`, headers });
    const broken = await httpCanvas(editor, { url: `${allowedOrigin}/broken`, headers, failOnErrorStatus: false });

    // Act
    const runs = [await run(editor, json), await run(editor, bytes), await run(editor, broken)];

    // Assess
    for (const done of runs) expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const [echoed, binary, error] = runs.map((done) => done.outputs.call);
    expect(echoed['headers-out']['x-echo']).toBe(`Bearer ${REDACTED}`);
    expect(JSON.parse(echoed['body-out'])).toEqual({
      authorization: `Bearer ${REDACTED}`,
      quoted: '[redacted:connections.http.QUOTED_TOKEN]',
    });
    expect(Buffer.from(binary['body-out'], 'base64').toString('utf8')).toBe(`\u0000Bearer ${REDACTED}\u0000`);
    expect(error['body-out']).toBe(`bad token Bearer ${REDACTED}`);
    const stored = [
      ...(await Promise.all(
        runs.map((done, at) => owner.everythingStoredAbout(done.executionId, [json, bytes, broken][at]!)),
      )),
      await wholeTable(stack.local.dynamodb.endpoint),
      logged.join('\n'),
    ].join('\n');
    for (const secret of [
      CRM_TOKEN,
      QUOTED_TOKEN,
      JSON.stringify(QUOTED_TOKEN).slice(1, -1),
      Buffer.from(`Bearer ${CRM_TOKEN}`).toString('base64'),
    ]) {
      expect(stored).not.toContain(secret);
    }
    expect(stored).not.toContain(CRM_TOKEN.slice(4));
  });

  it('refuses a connection no manager has given allowed origins, and only a manager can give them', async () => {
    // Prepare: a second workspace-wide secret set the old way (no allowedOrigins).
    const vendor = await owner.post('/api/integrations/connections', {
      provider: 'workspace-suite',
      credential: { clientId: 'suite-client', refreshToken: `1//${randomBytes(16).toString('hex')}` },
    });
    expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
    expect(vendor.body.allowedOrigins).toEqual([]);
    const canvasId = await httpCanvas(editor, {
      url: `${allowedOrigin}/suite`,
      headers: { authorization: 'Bearer {{connections.workspace-suite.refreshToken}}' },
    });

    // Act
    const refused = await run(editor, canvasId);
    const byEditor = await editor.post('/api/integrations/connections', {
      provider: 'workspace-suite',
      allowedOrigins: [elsewhereOrigin],
    });
    const byManager = await owner.post('/api/integrations/connections', {
      provider: 'workspace-suite',
      allowedOrigins: [allowedOrigin],
    });
    const allowedRun = await run(editor, canvasId, { attempt: 2 }); // other inputs: not a replay of the refused run

    // Assess
    expect(refused.status).toBe('failed');
    expect(refused.error.message).toMatch(/no allowed origins yet.*allowedOrigins/);
    expect(byEditor.status).toBe(403);
    expect(byManager.status, JSON.stringify(byManager.body)).toBe(200);
    expect(byManager.body).toMatchObject({
      allowedOrigins: [allowedOrigin],
      masked: { refreshToken: expect.stringMatching(/^…/) },
      status: 'active',
    });
    expect(allowedRun.status, JSON.stringify(allowedRun.error)).toBe('succeeded');
    expect(stolen).toEqual([]);
  });
});
