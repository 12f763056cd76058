// integration: branching canvases (if → two branches → merge) through the whole local stack — an API
// run (inline), a run that goes through the local state machine (a provider-backed node on the branch
// not taken), a webhook call and a published server's tool call; get_execution shows the skipped
// branch; a canvas whose expression does not parse is warned about at save and its run refused.
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookClient, startRunsStack, type RunsStack } from './support/webhooks-stack.ts';

let stack: RunsStack;
let client: WebhookClient;
const opened: McpClient[] = [];

beforeAll(async () => {
  stack = await startRunsStack();
  client = new WebhookClient(stack.baseUrl, stack.key);
});

afterAll(async () => {
  for (const mcp of opened) await mcp.close().catch(() => undefined);
  await stack?.stop();
});

interface BranchingOptions {
  trigger?: 'prompt' | 'webhook';
  /** What `parse` builds the order from; by default the run input `order`, or the webhook's JSON body. */
  parse?: string;
  condition?: string;
  /** An HTTP request node on the false branch, so the run needs the state machine. */
  slowLane?: boolean;
}

/**
 *   trigger ─► parse (transform) ─► check (if) ─true-out──► big (transform) ──► merged (merge) ─► out
 *                                              └false-out─► small (transform) ─┘
 */
async function ifElseMerge(options: BranchingOptions = {}): Promise<string> {
  const webhook = options.trigger === 'webhook';
  const canvasId = await client.createCanvas('Branching');
  const node = (id: string, type: string, data: Record<string, unknown> = {}) =>
    client.addNode(canvasId, { id, type, data });
  const link = (source: string, sourceHandle: string, target: string, targetHandle = 'value-in') =>
    client.addEdge(canvasId, { source, sourceHandle, target, targetHandle });
  await node(webhook ? 'hook' : 'start', webhook ? 'webhook-trigger' : 'prompt');
  await node('parse', 'transform', { expression: options.parse ?? (webhook ? '$parse($)' : '$run.inputs.order') });
  await node('check', 'if', { condition: options.condition ?? 'amount > 100' });
  await node('big', 'transform', { expression: '{"size": "big", "amount": amount}' });
  await node('small', 'transform', { expression: '{"size": "small", "amount": amount}' });
  await node('merged', 'merge');
  await node('out', 'output');
  await link(webhook ? 'hook' : 'start', webhook ? 'body-out' : 'prompt-out', 'parse');
  await link('parse', 'json-out', 'check');
  await link('check', 'true-out', 'big');
  await link('check', 'false-out', 'small');
  await link('big', 'json-out', 'merged');
  await link('small', 'json-out', 'merged');
  await link('merged', 'merged-out', 'out');
  if (options.slowLane) {
    await node('notify', 'http-request', { url: 'https://example.invalid/notify', method: 'POST' });
    await link('small', 'json-out', 'notify', 'text-in');
  }
  return canvasId;
}

const statuses = (snapshot: { nodes: Record<string, { status: string }> }) =>
  Object.fromEntries(Object.entries(snapshot.nodes).map(([id, state]) => [id, state.status]));

describe('a branching canvas run through the API', () => {
  it('skips the branch not taken, merges what arrived, and get_execution and the timeline show it', async () => {
    // Prepare
    const canvasId = await ifElseMerge();

    // Act
    const accepted = await client.run({ canvasId, triggerNodeId: 'start', inputs: { order: { amount: 250 } } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');

    // Assess
    expect(done.status).toBe('succeeded');
    expect(statuses(done)).toEqual({
      start: 'succeeded',
      parse: 'succeeded',
      check: 'succeeded',
      big: 'succeeded',
      small: 'skipped',
      merged: 'succeeded',
      out: 'succeeded',
    });
    expect(done.nodes.check.untakenPorts).toEqual(['false-out']);
    expect(done.result).toEqual({ out: [{ size: 'big', amount: 250 }] });
    const timeline = await client.get('/api/mcp/executions/timeline', { executionId: done.executionId });
    expect(timeline.body.events).toContainEqual(
      expect.objectContaining({ type: 'node.skipped', nodeId: 'small', message: expect.any(String) }),
    );
  });

  it('runs on the state machine when the branch not taken holds a provider-backed node, and skips it', async () => {
    // Prepare
    const canvasId = await ifElseMerge({ slowLane: true });

    // Act
    const accepted = await client.run({ canvasId, triggerNodeId: 'start', inputs: { order: { amount: 500 } } });
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');

    // Assess: `notify` never ran (its URL does not resolve), so the run succeeded around it.
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(statuses(done)).toMatchObject({ small: 'skipped', notify: 'skipped', big: 'succeeded' });
    expect(done.result).toEqual({ out: [{ size: 'big', amount: 500 }] });
  });
});

describe('a canvas whose expression does not parse', () => {
  it('is warned about on the node at save, and its run is refused before it starts', async () => {
    // Prepare
    const canvasId = await ifElseMerge({ condition: 'amount >' });

    // Act
    const state = await client.get('/api/mcp/canvas/state', { canvasId });
    const refused = await client.run({ canvasId, triggerNodeId: 'start', inputs: { order: { amount: 1 } } });

    // Assess
    expect(state.body.warnings).toEqual([
      {
        nodeId: 'check',
        code: 'expression-invalid',
        message: expect.stringMatching(/^Node check \(if\) condition: .+at character \d+/),
      },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', error: expect.stringContaining('Node check') });
    expect(await client.listExecutions(canvasId)).toEqual([]);
  });
});

describe('a branching canvas behind a webhook', () => {
  it('runs the branch the request body chooses', async () => {
    // Prepare
    const canvasId = await ifElseMerge({ trigger: 'webhook' });
    const registration = await client.registered(canvasId, 'hook');

    // Act
    const answer = await client.callWebhook({ secret: registration.webhookSecret, body: { amount: 7 } });
    expect(answer.status, answer.text).toBe(202);
    const done = await client.settled(answer.body.executionId);

    // Assess
    expect(done.status).toBe('succeeded');
    expect(statuses(done)).toMatchObject({ big: 'skipped', small: 'succeeded', merged: 'succeeded' });
    expect(done.result).toEqual({ out: [{ size: 'small', amount: 7 }] });
  });
});

describe('a branching canvas published as an MCP server', () => {
  it('answers a tool call with the merged result of the branch taken', async () => {
    // Prepare
    const canvasId = await ifElseMerge({ parse: '{"amount": $run.inputs.amount}' });
    const owner = await open('/api/mcp', 'owner', stack.key);
    const published = await owner.callTool({
      name: 'publish_mcp_server',
      arguments: {
        canvasId,
        slug: 'branching-public',
        name: 'Branching',
        description: 'Sizes an order',
        visibility: 'public',
        tools: [
          {
            triggerNodeId: 'start',
            toolName: 'size_order',
            description: 'Sizes an order',
            inputs: [{ name: 'amount', type: 'number', description: 'The order amount', required: true }],
          },
        ],
      },
    });
    expect(published.isError, JSON.stringify(published.content)).toBeFalsy();
    const agent = await open('/mcp/s/branching-public', 'agent');

    // Act
    const answer = await agent.callTool({ name: 'size_order', arguments: { prompt: 'size it', amount: 900 } });

    // Assess
    expect(answer.isError, JSON.stringify(answer.content)).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ status: 'succeeded' });
    const [run] = await client.listExecutions(canvasId);
    const done = await client.waitForStatus(run.executionId, 'succeeded', 'failed');
    expect(statuses(done)).toMatchObject({ big: 'succeeded', small: 'skipped' });
    expect(done.result).toEqual({ out: [{ size: 'big', amount: 900 }] });
  });
});

/** An MCP client of one endpoint on the app host, with the credential as a bearer token when there is one. */
async function open(path: string, name: string, credential?: string): Promise<McpClient> {
  const mcp = new McpClient({ name, version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(path, stack.local.appUrl), {
      requestInit: credential ? { headers: { authorization: `Bearer ${credential}` } } : {},
    }),
  );
  opened.push(mcp);
  return mcp;
}
