// integration: a canvas calling another through the whole local stack — an API run of a parent whose
// call node runs an instant child canvas that branches (inline, one nested step; its node states on
// the call node in get_execution); a cycle warned about at save and its run refused before anything
// is written; a deleted callee and another workspace's canvas, neither of which is called; a callee
// making an HTTP request (to a local HTTPS server), which puts its caller on the local state machine,
// and whose failure goes out on the call node's error-out.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, otherWorkspace, startRunsStack, type RunsStack } from './support/runs-stack.ts';

const TLS = join(import.meta.dirname, '../support/fixtures/tls');
const CERT = join(TLS, 'localhost.crt');

let stack: RunsStack;
let client: Client;
let target: Server;
let origin: string;

beforeAll(async () => {
  // `/down` answers 500, anything else 200 with the path.
  target = createServer({ key: readFileSync(join(TLS, 'localhost.key')), cert: readFileSync(CERT) }, (req, res) =>
    req.url === '/down' ? res.writeHead(500).end('down') : res.writeHead(200).end(`got ${req.url}`),
  );
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(target.address() as AddressInfo).port}`;
  stack = await startRunsStack({ OUTBOUND_ALLOW_HOSTS: new URL(origin).host, OUTBOUND_EXTRA_CA_FILE: CERT });
  client = new Client(stack.baseUrl, stack.key);
});

afterAll(async () => {
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
  await stack?.stop();
  delete process.env.OUTBOUND_EXTRA_CA_FILE;
});

async function build(
  who: Client,
  name: string,
  nodes: Array<[string, string, Record<string, unknown>?]>,
  edges: Array<[string, string, string, string?]>,
): Promise<string> {
  const canvasId = await who.createCanvas(name);
  for (const [id, type, data] of nodes) await who.addNode(canvasId, { id, type, data: data ?? {} });
  for (const [source, sourceHandle, target, targetHandle] of edges)
    await who.addEdge(canvasId, { source, sourceHandle, target, targetHandle: targetHandle ?? 'value-in' });
  return canvasId;
}

/** start (prompt) → check (if amount > 100) ─► big / small (transform) ─► out: the called canvas. */
const sizer = (who: Client = client) =>
  build(
    who,
    'Sizer',
    [
      ['start', 'prompt'],
      ['check', 'if', { condition: '$run.inputs.amount > 100' }],
      ['big', 'transform', { expression: '{"size": "big", "amount": $run.inputs.amount}' }],
      ['small', 'transform', { expression: '{"size": "small", "amount": $run.inputs.amount}' }],
      ['out', 'output'],
    ],
    [
      ['start', 'prompt-out', 'check'],
      ['check', 'true-out', 'big'],
      ['check', 'false-out', 'small'],
      ['big', 'json-out', 'out'],
      ['small', 'json-out', 'out'],
    ],
  );

/** start (prompt) → call (call-canvas of `calleeId`) → res (output). */
const callerOf = (calleeId: string, inputs = '{"amount": $run.inputs.amount}') =>
  build(
    client,
    'Caller',
    [
      ['start', 'prompt'],
      ['call', 'call-canvas', { canvasId: calleeId, triggerNodeId: 'start', inputs }],
      ['res', 'output'],
    ],
    [
      ['start', 'prompt-out', 'call'],
      ['call', 'result-out', 'res'],
    ],
  );

describe('a canvas calling an instant canvas that branches', () => {
  it("runs the callee inside the caller's run, its result on result-out and its nodes on the call node", async () => {
    // Prepare
    const parent = await callerOf(await sizer());

    // Act
    const accepted = await client.run({ canvasId: parent, triggerNodeId: 'start', inputs: { amount: 250 } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');

    // Assess
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.result).toEqual({ res: { out: { size: 'big', amount: 250 } } });
    expect(done.nodes.call).toMatchObject({
      status: 'succeeded',
      called: {
        status: 'succeeded',
        nodes: { check: { status: 'succeeded' }, big: { status: 'succeeded' }, small: { status: 'skipped' } },
      },
    });
  });
});

describe('calls that cannot be made', () => {
  it('warns about a cycle at save and refuses its run before anything is written', async () => {
    // Prepare: a canvas that calls a relay that calls the first canvas back.
    const first = await callerOf('cnv_placeholder');
    const relay = await callerOf(first, '$run.inputs');
    await client.post('/api/mcp/canvas/node/update', {
      canvasId: first,
      nodeId: 'call',
      data: { canvasId: relay, triggerNodeId: 'start', inputs: '$run.inputs' },
    });

    // Act
    const state = await client.get('/api/mcp/canvas/state', { canvasId: first });
    const refused = await client.run({ canvasId: first, triggerNodeId: 'start', inputs: { amount: 1 } });

    // Assess
    expect(state.body.warnings).toContainEqual({
      nodeId: 'call',
      code: 'call-invalid',
      message: expect.stringContaining(`calls form a cycle (${first} → ${relay} → ${first})`),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', error: expect.stringContaining('cycle') });
    expect(await client.listExecutions(first)).toEqual([]);
  });

  it('refuses a run whose callee was deleted, saying which canvas and what to do', async () => {
    // Prepare
    const callee = await sizer();
    const parent = await callerOf(callee);
    const deleted = await client.post('/api/mcp/canvas/delete', { canvasId: callee });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    // Act
    const state = await client.get('/api/mcp/canvas/state', { canvasId: parent });
    const refused = await client.run({ canvasId: parent, triggerNodeId: 'start', inputs: { amount: 1 } });

    // Assess
    expect(state.body.warnings).toContainEqual(
      expect.objectContaining({ nodeId: 'call', code: 'call-invalid', message: expect.stringContaining(callee) }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(`canvas ${callee} not found in this workspace: pick another canvas`);
    expect(await client.listExecutions(parent)).toEqual([]);
  });

  it("treats another workspace's canvas as not found", async () => {
    // Prepare
    const other = await otherWorkspace();
    const theirs = await sizer(new Client(stack.baseUrl, other.apiKey));
    const parent = await callerOf(theirs);

    // Act
    const refused = await client.run({ canvasId: parent, triggerNodeId: 'start', inputs: { amount: 1 } });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(`canvas ${theirs} not found in this workspace`);
  });
});

describe('a canvas calling a canvas that makes an HTTP request', () => {
  /** start → fetch (http-request of `path`) → out: instant, yet only the state machine's Advance may call out. */
  const fetcher = (path: string) =>
    build(
      client,
      'Fetcher',
      [
        ['start', 'prompt'],
        ['fetch', 'http-request', { url: `${origin}${path}` }],
        ['out', 'output'],
      ],
      [
        ['start', 'prompt-out', 'fetch', 'text-in'],
        ['fetch', 'body-out', 'out'],
      ],
    );

  it('runs on the local state machine with the callee inside the call node', async () => {
    // Prepare
    const parent = await callerOf(await fetcher('/hello'));

    // Act
    const accepted = await client.run({ canvasId: parent, triggerNodeId: 'start', inputs: {} });
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');

    // Assess: an inline run has no executor for http-request (it would fail there): the request was made by
    // the state machine's Advance, whose registry runs the callee too.
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.result).toEqual({ res: { out: 'got /hello' } });
    expect(done.nodes.call.called.nodes.fetch).toMatchObject({ type: 'http-request', status: 'succeeded' });
  });

  it("sends the callee's failure on the call node's error-out, naming the callee's node", async () => {
    // Prepare
    const callee = await fetcher('/down');
    const parent = await callerOf(callee);
    await client.addNode(parent, { id: 'caught', type: 'output' });
    await client.addEdge(parent, {
      source: 'call',
      sourceHandle: 'error-out',
      target: 'caught',
      targetHandle: 'value-in',
    });

    // Act
    const accepted = await client.run({ canvasId: parent, triggerNodeId: 'start', inputs: {} });
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');

    // Assess
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.nodes.call).toMatchObject({ status: 'failed', errorRouted: true });
    expect(done.result.caught).toMatchObject({
      nodeId: 'call',
      message: expect.stringContaining(`canvas ${callee} failed at its node fetch`),
    });
    expect(done.result.res).toBeUndefined();
  });
});
