// integration: POST /api/run's idempotency over HTTP against the whole local stack — the same key answers
// the same run, concurrent duplicates included, whatever the body or the workspace says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, RunsStack } from './support/runs-stack.ts';
import { startLinearRunsStack } from './support/linear-runs-stack.ts';

let stack: RunsStack;
let client: Client;
let canvasId: string;

beforeAll(async () => {
  ({ stack, client, canvasId } = await startLinearRunsStack());
});

afterAll(async () => {
  await stack?.stop();
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

  it('runs an edited canvas again: the canvas version is part of the derived key (a caller key still replays)', async () => {
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
  });

  it('keeps a derived key for a short window only (DERIVED_RUN_KEY_WINDOW_SECONDS), a caller key for 24 h', async () => {
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
  });

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
