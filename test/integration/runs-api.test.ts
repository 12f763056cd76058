// integration: POST /api/run and the execution read routes over HTTP against the whole local stack
// (startLocalMode in this process: DynamoDB Local, local Step Functions running run.asl.json, both
// HTTP hosts) — lifecycle, listing, sync, template warnings, validation, workspace isolation and the
// callbackUrl policy. Idempotency: runs-idempotency.test.ts.
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, otherWorkspace, type RunsStack } from './support/runs-stack.ts';
import { EXECUTION_ID, UNKNOWN_EXECUTION, startLinearRunsStack } from './support/linear-runs-stack.ts';

let stack: RunsStack;
let client: Client;
let canvasId: string;

beforeAll(async () => {
  ({ stack, client, canvasId } = await startLinearRunsStack());
});

afterAll(async () => {
  await stack?.stop();
});

describe('a run, start to finish', () => {
  it('accepts a run (202), runs it to succeeded, and serves its snapshot, outputs, timeline and listing', async () => {
    // Prepare
    const listed = await client.createCanvas('Lifecycle');
    await client.addNode(listed, { id: 'prompt', type: 'prompt', data: { prompt: 'stored' } });
    await client.addNode(listed, { id: 'tpl', type: 'text', data: { template: 'Hi {{inputs.name}}: {{input}}' } });
    await client.addNode(listed, { id: 'out', type: 'output' });
    await client.addEdge(listed, {
      source: 'prompt',
      sourceHandle: 'prompt-out',
      target: 'tpl',
      targetHandle: 'text-in',
    });
    await client.addEdge(listed, { source: 'tpl', sourceHandle: 'text-out', target: 'out', targetHandle: 'value-in' });

    // Act
    const accepted = await client.run({ canvasId: listed, triggerNodeId: 'prompt', inputs: { name: 'Ada' } });

    // Assess: the 202
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({
      ok: true,
      executionId: expect.stringMatching(EXECUTION_ID),
      message: expect.any(String),
    });
    expect(accepted.headers.get('x-idempotent-replay')).toBeNull();
    const { executionId } = accepted.body;

    // Assess: the snapshot once it is done
    const done = await client.waitForStatus(executionId, 'succeeded', 'failed', 'cancelled');
    expect(done).toMatchObject({
      executionId,
      workspaceId: stack.workspaceId,
      canvasId: listed,
      triggerNodeId: 'prompt',
      trigger: { kind: 'api' },
      status: 'succeeded',
      attempt: 1,
      inputs: { name: 'Ada' },
      outputs: {
        prompt: { 'prompt-out': 'stored' },
        tpl: { 'text-out': 'Hi Ada: stored' },
        out: { value: 'Hi Ada: stored' },
      },
      result: { out: 'Hi Ada: stored' },
      error: null,
      callback: null,
    });
    for (const id of ['prompt', 'tpl', 'out'])
      expect(done.nodes[id]).toMatchObject({ status: 'succeeded', attempts: 1, error: null });
    expect(Date.parse(done.createdAt)).toBeLessThanOrEqual(Date.parse(done.startedAt));
    expect(Date.parse(done.startedAt)).toBeLessThanOrEqual(Date.parse(done.finishedAt));

    // Assess: outputs and timeline routes
    const outputs = await client.get('/api/mcp/executions/outputs', { executionId });
    expect(outputs.status).toBe(200);
    expect(outputs.body).toEqual({ executionId, status: 'succeeded', result: done.result, outputs: done.outputs });
    const timeline = await client.get('/api/mcp/executions/timeline', { executionId });
    expect(timeline.status).toBe(200);
    expect(timeline.body).toMatchObject({ executionId, status: 'succeeded' });
    expect(
      timeline.body.events.map((event: { type: string; nodeId?: string }) =>
        event.nodeId ? `${event.type}:${event.nodeId}` : event.type,
      ),
    ).toEqual([
      'execution.queued',
      'execution.started',
      'node.started:prompt',
      'node.succeeded:prompt',
      'node.started:tpl',
      'node.succeeded:tpl',
      'node.started:out',
      'node.succeeded:out',
      'execution.succeeded',
    ]);

    // Assess: the canvas's run history
    const history = await client.get('/api/mcp/canvas/executions', { canvasId: listed });
    expect(history.status).toBe(200);
    expect(history.body).toEqual({
      items: [
        {
          executionId,
          canvasId: listed,
          triggerNodeId: 'prompt',
          status: 'succeeded',
          trigger: { kind: 'api' },
          attempt: 1,
          createdAt: done.createdAt,
          startedAt: done.startedAt,
          finishedAt: done.finishedAt,
        },
      ],
      nextCursor: null,
    });
  });

  it("lists a canvas's executions newest first, a page at a time", async () => {
    // Prepare: three runs told apart by their inputs
    const history = await client.linearCanvas();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const accepted = await client.run({ canvasId: history, triggerNodeId: 'prompt', inputs: { n } });
      expect(accepted.status).toBe(202);
      ids.push(accepted.body.executionId);
    }

    // Act
    const first = await client.get('/api/mcp/canvas/executions', { canvasId: history, limit: '2' });
    const second = await client.get('/api/mcp/canvas/executions', {
      canvasId: history,
      limit: '2',
      cursor: first.body.nextCursor,
    });

    // Assess
    expect(first.status).toBe(200);
    expect(first.body.items.map((item: { executionId: string }) => item.executionId)).toEqual([ids[2], ids[1]]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect(second.status).toBe(200);
    expect(second.body.items.map((item: { executionId: string }) => item.executionId)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
    for (const id of ids) await client.waitForStatus(id, 'succeeded');
  });

  it('answers sync: true with 200 and the terminal snapshot', async () => {
    // Act
    const answer = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'sync please' },
      sync: true,
      timeoutSeconds: 20,
    });

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      executionId: expect.stringMatching(EXECUTION_ID),
      status: 'succeeded',
      result: { out: 'You said: sync please' },
      finishedAt: expect.any(String),
    });
    expect(answer.body.pending).toBeUndefined();
  });

  it('answers sync: true with 200 and status failed when a node fails', async () => {
    // Prepare: `tpl` repeats its input 8 times ({{input}} × 8 set below), so a 200 KB prompt renders
    // 1.6 MB, over the 1 MiB port limit.
    await client.post('/api/mcp/canvas/node/update', {
      canvasId,
      nodeId: 'tpl',
      data: { template: '{{input}}'.repeat(8) },
    });
    const big = 'z'.repeat(200 * 1024);

    // Act
    const answer = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: big },
      sync: true,
      timeoutSeconds: 20,
    });

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'failed',
      error: { nodeId: 'tpl', message: expect.stringContaining('1048576') },
    });
    expect(answer.body.nodes.prompt).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});

describe('template warnings', () => {
  it('records a node.warning for a template variable that rendered empty, and the run still succeeds', async () => {
    // Prepare
    const canvas = await client.linearCanvas('Hi {{inputs.name}} and {{inputs.user.name}}: {{input}}');

    // Act
    const accepted = await client.run({ canvasId: canvas, triggerNodeId: 'prompt', inputs: { user: { name: 'Ada' } } });
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');
    const timeline = await client.get('/api/mcp/executions/timeline', { executionId: accepted.body.executionId });
    const validated = await client.post('/api/mcp/canvas/ports/validate', {
      canvasId: canvas,
      source: 'prompt',
      sourceHandle: 'prompt-out',
      target: 'out',
      targetHandle: 'value-in',
    });

    // Assess
    expect(done).toMatchObject({ status: 'succeeded', result: { out: 'Hi  and : hello' } });
    expect(timeline.body.events.filter((event: { type: string }) => event.type === 'node.warning')).toEqual([
      {
        at: expect.any(String),
        type: 'node.warning',
        nodeId: 'tpl',
        message: '{{inputs.name}}: the run has no input "name", so it rendered as empty text',
      },
      {
        at: expect.any(String),
        type: 'node.warning',
        nodeId: 'tpl',
        message: expect.stringContaining('{{inputs.user.name}} reads the run input named "user.name"'),
      },
    ]);
    expect(validated.body.warnings).toEqual([
      { nodeId: 'tpl', code: 'template-variable', message: expect.stringContaining('nested values are not looked up') },
    ]);
  });
});

describe('bad requests', () => {
  it('answers 400 when triggerNodeId is not a prompt or webhook-trigger node, or not on the canvas', async () => {
    // Act
    const text = await client.run({ canvasId, triggerNodeId: 'tpl' });
    const output = await client.run({ canvasId, triggerNodeId: 'out' });
    const missing = await client.run({ canvasId, triggerNodeId: 'nope' });

    // Assess
    for (const answer of [text, output, missing]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String), code: 'validation_failed' });
    }
    expect(text.body.error).toContain('tpl');
    expect(
      await client.listExecutions(canvasId).then((items) => items.every((item) => item.triggerNodeId === 'prompt')),
    ).toBe(true);
  });

  it('answers 404 for an unknown canvas', async () => {
    // Act
    const answer = await client.run({ canvasId: 'cnv_00000000000000000000000000', triggerNodeId: 'prompt' });

    // Assess
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: expect.any(String), code: 'not_found' });
  });

  it('answers 400 for timeoutSeconds outside 1–55 or not an integer', async () => {
    for (const timeoutSeconds of [0, 56, 1.5, -1, '10']) {
      // Act
      const answer = await client.run({
        canvasId,
        triggerNodeId: 'prompt',
        sync: true,
        timeoutSeconds,
        inputs: { t: String(timeoutSeconds) },
      });

      // Assess
      expect(answer.status, `timeoutSeconds ${JSON.stringify(timeoutSeconds)}`).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String), code: 'validation_failed' });
    }
  });

  it('answers 400 for unknown body fields and a missing canvasId', async () => {
    expect((await client.run({ canvasId, triggerNodeId: 'prompt', extra: 1 })).status).toBe(400);
    expect((await client.run({ triggerNodeId: 'prompt' })).status).toBe(400);
    expect((await client.run({ canvasId, triggerNodeId: 'prompt', inputs: 'not an object' })).status).toBe(400);
  });

  it.each([
    ['plain http', 'http://hooks.example.com/cb'],
    ['localhost (resolves to 127.0.0.1 here)', 'https://localhost/cb'],
    ['localhost with a trailing dot', 'https://localhost./cb'],
    ['a .localhost subdomain', 'https://api.localhost/cb'],
    ['a .internal name', 'https://metadata.google.internal/cb'],
    [
      "this machine's own host name (a single label that resolves to loopback here)",
      `https://${hostname().split('.')[0]}/cb`,
    ],
    ['127.0.0.1', 'https://127.0.0.1/cb'],
    ['127.0.0.1 as a number', 'https://2130706433/cb'],
    ['10.x', 'https://10.1.2.3/cb'],
    ['192.168.x', 'https://192.168.0.10/cb'],
    ['the instance metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['[::1]', 'https://[::1]/cb'],
    ['[::ffff:127.0.0.1]', 'https://[::ffff:127.0.0.1]/cb'],
    ['an IPv6 unique-local address', 'https://[fd00:ec2::254]/cb'],
    ['credentials in the URL', 'https://user:pass@hooks.example.com/cb'],
    ['not a URL', 'hooks.example.com/cb'],
    ['another scheme', 'ftp://hooks.example.com/cb'],
  ])('answers 400 for a callbackUrl that is %s', async (_what, callbackUrl) => {
    // Act
    const answer = await client.run({ canvasId, triggerNodeId: 'prompt', callbackUrl });

    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.stringContaining('callbackUrl'), code: 'validation_failed' });
  });
});

describe('workspace isolation', () => {
  it("answers 404 for another workspace's execution and for an unknown one, on every execution route", async () => {
    // Prepare: a run of this workspace, read with another workspace's key
    const accepted = await client.run({ canvasId, triggerNodeId: 'prompt', inputs: { isolation: true } });
    expect(accepted.status).toBe(202);
    const { executionId } = accepted.body;
    await client.waitForStatus(executionId, 'succeeded');
    const other = await otherWorkspace();
    const stranger = new Client(stack.baseUrl, other.apiKey);

    for (const id of [executionId, UNKNOWN_EXECUTION]) {
      const reader = id === executionId ? stranger : client;
      // Act
      const answers = [
        await reader.get('/api/executions', { executionId: id }),
        await reader.get('/api/mcp/executions/outputs', { executionId: id }),
        await reader.get('/api/mcp/executions/timeline', { executionId: id }),
        await reader.post('/api/mcp/executions/cancel', { executionId: id }),
        await reader.post('/api/mcp/executions/replay', { executionId: id }),
        await reader.post('/api/mcp/executions/redrive', { executionId: id }),
      ];

      // Assess
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
    }
    expect((await stranger.run({ canvasId, triggerNodeId: 'prompt' })).status).toBe(404);
    const theirHistory = await stranger.get('/api/mcp/canvas/executions', { canvasId });
    expect(theirHistory.body.items ?? []).toEqual([]);
    // Untouched for its owner
    expect((await client.execution(executionId)).body.status).toBe('succeeded');
  });

  it('answers 400 for an executionId that is not of the exec_ form', async () => {
    expect((await client.get('/api/executions', { executionId: 'nope' })).status).toBe(400);
    expect((await client.post('/api/mcp/executions/cancel', { executionId: 'exec_UPPER' })).status).toBe(400);
  });
});
