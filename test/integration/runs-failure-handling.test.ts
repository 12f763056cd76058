// integration: retry, error paths and waiting through the whole local stack — runs go through the local
// Step Functions stand-in running the real ASL (its WaitToPoll state sleeps between attempts and while a
// wait node waits). An http-request node against a local HTTPS server that fails twice then answers
// (three attempts in the timeline); one that always fails, its error sent on error-out to an output
// (the run succeeds, the error in its result); and a wait node of about two seconds.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookClient, startRunsStack, type RunsStack } from './support/webhooks-stack.ts';

interface TimelineEvent {
  at: string;
  type: string;
  nodeId?: string;
  message?: string;
}

const TLS = join(import.meta.dirname, '../support/fixtures/tls');
const CERT = join(TLS, 'localhost.crt');

let stack: RunsStack;
let client: WebhookClient;
let target: Server;
let origin: string;
/** Calls per path: `/flaky/<n>/…` fails its first n calls with 503, `/down/…` always answers 500. */
const calls = new Map<string, number>();

beforeAll(async () => {
  target = createServer(
    { key: readFileSync(join(TLS, 'localhost.key')), cert: readFileSync(CERT) },
    (request, response) => {
      const path = request.url!;
      const count = (calls.get(path) ?? 0) + 1;
      calls.set(path, count);
      const flaky = /^\/flaky\/(\d+)\//.exec(path);
      if (path.startsWith('/down/') || (flaky && count <= Number(flaky[1])))
        return void response.writeHead(path.startsWith('/down/') ? 500 : 503).end('not now');
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`answered at call ${count}`);
    },
  );
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(target.address() as AddressInfo).port}`;
  stack = await startRunsStack({ OUTBOUND_ALLOW_HOSTS: new URL(origin).host, OUTBOUND_EXTRA_CA_FILE: CERT });
  client = new WebhookClient(stack.baseUrl, stack.key);
});

afterAll(async () => {
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
  await stack?.stop();
  delete process.env.OUTBOUND_EXTRA_CA_FILE;
});

/**
 *   prompt ─► call (http-request, data as given) ─body-out──► ok (output)
 *                                                └error-out─► caught (output), when `routed`
 */
async function callCanvas(data: Record<string, unknown>, routed: boolean): Promise<string> {
  const canvasId = await client.createCanvas('Failure handling');
  const link = (source: string, sourceHandle: string, target: string, targetHandle: string) =>
    client.addEdge(canvasId, { source, sourceHandle, target, targetHandle });
  await client.addNode(canvasId, { id: 'prompt', type: 'prompt', data: { prompt: 'go' } });
  await client.addNode(canvasId, { id: 'call', type: 'http-request', data });
  await client.addNode(canvasId, { id: 'ok', type: 'output' });
  await link('prompt', 'prompt-out', 'call', 'text-in');
  await link('call', 'body-out', 'ok', 'value-in');
  if (routed) {
    await client.addNode(canvasId, { id: 'caught', type: 'output' });
    await link('call', 'error-out', 'caught', 'value-in');
  }
  return canvasId;
}

async function runToEnd(canvasId: string) {
  const accepted = await client.run({ canvasId, triggerNodeId: 'prompt', inputs: {} });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed', 'cancelled');
  const timeline = await client.get('/api/mcp/executions/timeline', { executionId: done.executionId });
  return { done, events: timeline.body.events as TimelineEvent[] };
}

const ofCall = (events: TimelineEvent[], type: string) =>
  events.filter((event) => event.type === type && event.nodeId === 'call');

describe('a node with a retry policy, through the local state machine', () => {
  it('fails twice, is tried again after each pause, and succeeds on its third attempt', async () => {
    // Prepare
    const canvasId = await callCanvas(
      { url: `${origin}/flaky/2/${Date.now()}`, retry: { maxAttempts: 3, intervalSeconds: 1, backoffRate: 1 } },
      false,
    );

    // Act
    const { done, events } = await runToEnd(canvasId);

    // Assess
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.nodes.call).toMatchObject({ status: 'succeeded', attempts: 3, failedAttempts: 2 });
    expect(done.result).toEqual({ ok: 'answered at call 3' });
    expect(ofCall(events, 'node.started')).toHaveLength(3);
    expect(ofCall(events, 'node.attempt.failed').map((event) => event.message)).toEqual([
      expect.stringMatching(/^attempt 1 of 3 failed: GET 127\.0\.0\.1:\d+\/flaky\/2\/\d+ answered 503; next attempt/),
      expect.stringMatching(/^attempt 2 of 3 failed: .* answered 503; next attempt/),
    ]);
  });
});

describe('a node whose error-out is connected, through the local state machine', () => {
  it('fails for good after its attempts, sends its error to the output, and the run succeeds', async () => {
    // Prepare
    const canvasId = await callCanvas(
      { url: `${origin}/down/${Date.now()}`, retry: { maxAttempts: 2, intervalSeconds: 1 } },
      true,
    );

    // Act
    const { done, events } = await runToEnd(canvasId);

    // Assess
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.error).toBeNull();
    expect(done.nodes.call).toMatchObject({ status: 'failed', errorRouted: true });
    expect(done.nodes.ok.status).toBe('skipped');
    expect(done.result.caught).toEqual({
      message: expect.stringMatching(/answered 500$/),
      nodeId: 'call',
      attempt: 2,
      reason: 'upstream',
    });
    expect(ofCall(events, 'node.attempt.failed')).toHaveLength(1);
    expect(ofCall(events, 'node.failed')[0]?.message).toMatch(/sent on error-out, the run goes on/);
  });
});

describe('a wait node, through the local state machine', () => {
  it('pauses the run about two seconds and passes its input on', async () => {
    // Prepare
    const canvasId = await client.createCanvas('Waiting');
    await client.addNode(canvasId, { id: 'prompt', type: 'prompt', data: { prompt: 'after the pause' } });
    await client.addNode(canvasId, { id: 'pause', type: 'wait', data: { seconds: 2 } });
    await client.addNode(canvasId, { id: 'out', type: 'output' });
    await client.addEdge(canvasId, {
      source: 'prompt',
      sourceHandle: 'prompt-out',
      target: 'pause',
      targetHandle: 'value-in',
    });
    await client.addEdge(canvasId, {
      source: 'pause',
      sourceHandle: 'value-out',
      target: 'out',
      targetHandle: 'value-in',
    });

    // Act
    const started = Date.now();
    const { done, events } = await runToEnd(canvasId);
    const took = Date.now() - started;

    // Assess
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.result).toEqual({ out: 'after the pause' });
    expect(took).toBeGreaterThanOrEqual(2000);
    const waited = events.find((event) => event.type === 'node.waiting' && event.nodeId === 'pause');
    const resumed = events.find((event) => event.type === 'node.succeeded' && event.nodeId === 'pause');
    expect(Date.parse(resumed!.at) - Date.parse(waited!.at)).toBeGreaterThanOrEqual(2000);
  });
});
