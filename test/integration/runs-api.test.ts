// integration: POST /api/run and the execution read routes over HTTP against the whole local stack
// (startLocalMode in this process: DynamoDB Local, local Step Functions running run.asl.json, both
// HTTP hosts) — lifecycle, listing, sync, idempotency
// (including concurrent duplicates), validation, workspace isolation and the callbackUrl policy.
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, otherWorkspace, startRunsStack, type RunsStack } from './support/runs-stack.ts';

let stack: RunsStack;
let client: Client;
let canvasId: string;

beforeAll(async () => {
  stack = await startRunsStack();
  client = new Client(stack.baseUrl, stack.key);
  canvasId = await client.linearCanvas('You said: {{input}}', 'hello');
});

afterAll(async () => {
  await stack?.stop();
});

const EXECUTION_ID = /^exec_[0-9a-z]{26}$/;
/** A well-formed id that names nothing. */
const UNKNOWN_EXECUTION = 'exec_00000000000000000000000000';

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

describe('idempotency', () => {
  it('replays the same key with the same body: same executionId and X-Idempotent-Replay: true', async () => {
    // Prepare
    const key = `same-${Date.now()}-${Math.random()}`;
    const body = { canvasId, triggerNodeId: 'prompt', inputs: { a: 1, b: 2 } };
    const first = await client.run(body, { 'Idempotency-Key': key });

    // Act: same request, inputs in another key order, and waiting differently
    const again = await client.run({ ...body, inputs: { b: 2, a: 1 } }, { 'Idempotency-Key': key });
    const syncAgain = await client.run({ ...body, sync: true, timeoutSeconds: 20 }, { 'Idempotency-Key': key });

    // Assess
    expect(first.status).toBe(202);
    expect(first.headers.get('x-idempotent-replay')).toBeNull();
    expect(first.body.replayed).toBeUndefined();
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ ...first.body, replayed: true, message: expect.stringContaining('idempotency key') });
    expect(again.headers.get('x-idempotent-replay')).toBe('true');
    expect(syncAgain.status).toBe(200);
    expect(syncAgain.body).toMatchObject({ executionId: first.body.executionId, status: 'succeeded', replayed: true });
    expect(syncAgain.headers.get('x-idempotent-replay')).toBe('true');
  });

  it('answers 409 for the same key with a different body', async () => {
    // Prepare
    const key = `conflict-${Date.now()}-${Math.random()}`;
    const first = await client.run({ canvasId, triggerNodeId: 'prompt', inputs: { v: 1 } }, { 'Idempotency-Key': key });

    // Act
    const different = await client.run(
      { canvasId, triggerNodeId: 'prompt', inputs: { v: 2 } },
      { 'Idempotency-Key': key },
    );

    // Assess
    expect(first.status).toBe(202);
    expect(different.status).toBe(409);
    expect(different.body).toEqual({ error: expect.any(String), code: 'idempotency_conflict' });
  });

  it('takes the key from the idempotencyKey body field, the same key as the header', async () => {
    // Prepare
    const key = `body-${Date.now()}-${Math.random()}`;
    const request = { canvasId, triggerNodeId: 'prompt', inputs: { via: 'body' } };

    // Act
    const first = await client.run({ ...request, idempotencyKey: key });
    const byBody = await client.run({ ...request, idempotencyKey: key });
    const byHeader = await client.run(request, { 'Idempotency-Key': key });
    const both = await client.run({ ...request, idempotencyKey: key }, { 'Idempotency-Key': key });
    const changed = await client.run({ ...request, inputs: { via: 'other' }, idempotencyKey: key });

    // Assess
    expect(first.status).toBe(202);
    for (const replay of [byBody, byHeader, both]) {
      expect(replay.status).toBe(202);
      expect(replay.body.executionId).toBe(first.body.executionId);
      expect(replay.headers.get('x-idempotent-replay')).toBe('true');
    }
    expect(changed.status).toBe(409);
  });

  it('answers 400 when the header and the body field disagree, or the key is malformed', async () => {
    // Act
    const disagree = await client.run(
      { canvasId, triggerNodeId: 'prompt', idempotencyKey: 'one' },
      { 'Idempotency-Key': 'two' },
    );
    const spaces = await client.run({ canvasId, triggerNodeId: 'prompt', idempotencyKey: 'has spaces' });
    const tooLong = await client.run({ canvasId, triggerNodeId: 'prompt' }, { 'Idempotency-Key': 'k'.repeat(256) });
    const empty = await client.run({ canvasId, triggerNodeId: 'prompt', idempotencyKey: '' });

    // Assess
    for (const answer of [disagree, spaces, tooLong, empty]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String), code: 'validation_failed' });
    }
  });

  it('derives a key when none is sent: identical requests share a run, different inputs do not', async () => {
    // Prepare
    const derived = await client.linearCanvas();
    const body = { canvasId: derived, triggerNodeId: 'prompt', inputs: { topic: 'derived' } };

    // Act
    const first = await client.run(body);
    const second = await client.run(body);
    const other = await client.run({ ...body, inputs: { topic: 'another' } });

    // Assess
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.executionId).toBe(first.body.executionId);
    expect(second.headers.get('x-idempotent-replay')).toBe('true');
    expect(second.body).toMatchObject({ replayed: true, message: expect.stringContaining('Idempotency-Key') });
    expect(first.body.replayed).toBeUndefined();
    expect(other.status).toBe(202);
    expect(other.body.replayed).toBeUndefined();
    expect(other.body.executionId).not.toBe(first.body.executionId);
    expect(await client.listExecutions(derived)).toHaveLength(2);
  });

  it(
    'runs an edited canvas again: ' +
      'the canvas ' +
      'version is part of ' +
      'the derived key (a caller key ' +
      'still replays)',
    async () => {
      // Prepare: one run without a key and one with a key, then an edit of the canvas
      const edited = await client.linearCanvas('Before: {{input}}');
      const body = { canvasId: edited, triggerNodeId: 'prompt', inputs: { topic: 'edit' } };
      const key = `edit-${Date.now()}-${Math.random()}`;
      const first = await client.run(body);
      const keyed = await client.run({ ...body, inputs: { topic: 'keyed' } }, { 'Idempotency-Key': key });
      await client.waitForStatus(first.body.executionId, 'succeeded');
      const updated = await client.post('/api/mcp/canvas/node/update', {
        canvasId: edited,
        nodeId: 'tpl',
        data: { template: 'After: {{input}}' },
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);

      // Act: the same requests again, and the unkeyed one once more
      const again = await client.run(body);
      const keyedAgain = await client.run({ ...body, inputs: { topic: 'keyed' } }, { 'Idempotency-Key': key });
      const retried = await client.run(body);

      // Assess: a new run of the edited canvas; the caller's key still names its run; a retry at the new version
      // replays
      expect(again.status).toBe(202);
      expect(again.body.executionId).not.toBe(first.body.executionId);
      expect(again.body.replayed).toBeUndefined();
      expect(again.headers.get('x-idempotent-replay')).toBeNull();
      const done = await client.waitForStatus(again.body.executionId, 'succeeded');
      expect(done.result).toEqual({ out: 'After: hello' });
      expect(keyedAgain.body).toMatchObject({ executionId: keyed.body.executionId, replayed: true });
      expect(retried.body).toMatchObject({ executionId: again.body.executionId, replayed: true });
    },
  );

  it(
    'keeps a derived key for a short ' +
      'window only ' +
      '(DERIVED_RUN_KEY_WINDOW_SECONDS), ' +
      'a ' +
      'caller key for 24 h',
    async () => {
      // Prepare: the use case over the real repository (DynamoDB Local) with a clock the test moves
      const [
        { acceptRun },
        { DynamoRunRepository },
        { S3BlobStore },
        { DERIVED_RUN_KEY_WINDOW_SECONDS, RUN_IDEMPOTENCY_TTL_SECONDS },
      ] = await Promise.all([
        import('../../functions/core/runs/use-cases.ts'),
        import('../../functions/adapters/dynamodb/run-repository.ts'),
        import('../../functions/adapters/s3/blob-store.ts'),
        import('../../functions/core/runs/idempotency.ts'),
      ]);
      expect(DERIVED_RUN_KEY_WINDOW_SECONDS).toBeGreaterThanOrEqual(60);
      expect(DERIVED_RUN_KEY_WINDOW_SECONDS).toBeLessThanOrEqual(600);
      let now = Date.now();
      const started: string[] = [];
      const deps = {
        runs: new DynamoRunRepository(),
        engine: {
          start: async ({ executionId }: { executionId: string }) => {
            started.push(executionId);
            return 'started' as const;
          },
          stop: async () => {},
          redrive: async () => 'redriven' as const,
        },
        clock: { now: () => new Date(now) },
        blobs: new S3BlobStore(),
      };
      const windowed = await client.linearCanvas();
      const request = { canvasId: windowed, triggerNodeId: 'prompt', inputs: { topic: 'window' } };
      const accept = (idempotencyKey?: string) =>
        acceptRun({ workspaceId: stack.workspaceId }, { ...request, idempotencyKey }, { kind: 'api' }, deps);
      const callerKey = `window-${now}-${Math.random()}`;
      const first = await accept();
      const keyed = await accept(callerKey);

      // Act: just inside the window, just past it, and a caller key after an hour
      now += (DERIVED_RUN_KEY_WINDOW_SECONDS - 5) * 1000;
      const inside = await accept();
      now += 10_000;
      const past = await accept();
      now += 3600_000;
      const keyedLater = await accept(callerKey);

      // Assess
      expect(inside).toMatchObject({
        executionId: first.executionId,
        replayed: true,
        replayMessage: expect.any(String),
      });
      expect(past.replayed).toBe(false);
      expect(past.executionId).not.toBe(first.executionId);
      expect(keyedLater).toMatchObject({ executionId: keyed.executionId, replayed: true });
      expect(RUN_IDEMPOTENCY_TTL_SECONDS).toBe(24 * 60 * 60);
      // (a replay of a run still queued restarts it, idempotently: the fake engine never ran them)
      expect(new Set(started)).toEqual(new Set([first.executionId, keyed.executionId, past.executionId]));
    },
  );

  it('makes exactly one execution of ten concurrent identical requests (with and without a key)', async () => {
    // Prepare
    const keyed = await client.linearCanvas();
    const unkeyed = await client.linearCanvas();
    const key = `race-${Date.now()}-${Math.random()}`;

    // Act
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        client.run({ canvasId: keyed, triggerNodeId: 'prompt', inputs: { race: true } }, { 'Idempotency-Key': key }),
      ),
      ...Array.from({ length: 10 }, () =>
        client.run({ canvasId: unkeyed, triggerNodeId: 'prompt', inputs: { race: true } }),
      ),
    ]);

    // Assess
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(202));
    for (const [canvas, group] of [
      [keyed, answers.slice(0, 10)],
      [unkeyed, answers.slice(10)],
    ] as const) {
      const ids = new Set(group.map((answer) => answer.body.executionId));
      expect(ids.size).toBe(1);
      expect(group.filter((answer) => answer.headers.get('x-idempotent-replay') === null)).toHaveLength(1);
      const [executionId] = [...ids];
      await client.waitForStatus(executionId!, 'succeeded');
      const executions = await client.listExecutions(canvas);
      expect(executions.map((item) => item.executionId)).toEqual([executionId]);
    }
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
