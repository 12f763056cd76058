// integration: what happens to a run after it is accepted, over HTTP against the whole local stack —
// signed result callbacks (one POST per terminal state, checked by an independent HMAC), sync timeout,
// cancel, replay and redrive — all on the state machine (INLINE_INSTANT_RUNS=off: the path of runs with a
// provider node). Step Functions throttling absorbed by the run outbox: runs-start-throttled.test.ts.
// Instant runs with a callback URL run inline and their callback goes out through the run outbox:
// test/integration/runs-one-write.test.ts. The stack and the callback checks: support/control-stack.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertSigned as assertSignedBy,
  callbackRecorded as recorded,
  type ControlStack,
  hmacSha256Hex,
  startControlStack,
  stopControlStack,
} from './support/control-stack.ts';
import { createFailsAtDouble } from './support/failing-canvas.ts';
import type { CallbackReceiver, Client, ReceivedCallback, RunsStack } from './support/runs-stack.ts';

let control: ControlStack;
let receiver: CallbackReceiver;
let stack: RunsStack;
let client: Client;
let canvasId: string;
/** A run that succeeded with a callback (test 1), reused by replay and redrive. */
let succeededId: string;

beforeAll(async () => {
  control = await startControlStack();
  ({ receiver, stack, client, canvasId } = control);
});

afterAll(async () => stopControlStack(control ?? {}));

const assertSigned = (callback: ReceivedCallback) => assertSignedBy(control, callback);
const callbackRecorded = (executionId: string, attempt = 1) => recorded(client, executionId, attempt);

describe('result callbacks', () => {
  it('self-check: the independent HMAC matches a published HMAC-SHA256 test vector (RFC 4231, case 2)', () => {
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('sends exactly one signed POST when a run succeeds and records the delivery on the execution', async () => {
    // Prepare
    const callbackUrl = `${receiver.origin}/ok/succeeded`;

    // Act
    const accepted = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'callback me' },
      callbackUrl,
    });
    expect(accepted.status).toBe(202);
    succeededId = accepted.body.executionId;
    const done = await callbackRecorded(succeededId);

    // Assess: the execution
    expect(done.status).toBe('succeeded');
    expect(done.callback).toEqual({
      url: callbackUrl,
      attempt: 1,
      delivered: true,
      statusCode: 200,
      error: null,
      at: expect.any(String),
    });
    const timeline = await client.get('/api/mcp/executions/timeline', { executionId: succeededId });
    expect(timeline.body.events.filter((event: { type: string }) => event.type.startsWith('callback.'))).toEqual([
      { at: done.callback.at, type: 'callback.delivered', message: 'HTTP 200' },
    ]);

    // Assess: what the receiver got
    const callbacks = receiver.for(succeededId);
    expect(callbacks).toHaveLength(1);
    const [callback] = callbacks;
    expect(callback!.path).toBe('/ok/succeeded');
    assertSigned(callback!);
    expect(callback!.body).toEqual({
      executionId: succeededId,
      canvasId,
      workspaceId: stack.workspaceId,
      status: 'succeeded',
      attempt: 1,
      createdAt: done.createdAt,
      startedAt: done.startedAt,
      finishedAt: done.finishedAt,
      result: { out: 'You said: callback me' },
      outputs: done.outputs,
      error: null,
    });
  });

  it('records a delivery the receiver refused (500) and does not retry it', async () => {
    // Act
    const accepted = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { refused: true },
      callbackUrl: `${receiver.origin}/fail/refused`,
    });
    const done = await callbackRecorded(accepted.body.executionId);

    // Assess
    expect(done.status).toBe('succeeded');
    expect(done.callback).toMatchObject({
      attempt: 1,
      delivered: false,
      statusCode: 500,
      error: 'receiver answered 500',
    });
    expect(receiver.for(accepted.body.executionId)).toHaveLength(1);
    const timeline = await client.get('/api/mcp/executions/timeline', { executionId: accepted.body.executionId });
    expect(timeline.body.events.at(-1)).toMatchObject({ type: 'callback.failed', message: 'receiver answered 500' });
  });
});

describe('sync timeout and cancel', () => {
  it('answers a sync run that cannot finish in time with the pending payload; cancel ends it and calls back once', async () => {
    // Prepare: StartExecution throttled for longer than the route and the sweeper try, so the run stays
    // queued (its start deferred) while the sync request waits.
    stack.local.sfn.injectFault({ action: 'StartExecution', count: 50 });
    let executionId: string;
    try {
      // Act: sync with the shortest timeout
      const pending = await client.run({
        canvasId,
        triggerNodeId: 'prompt',
        inputs: { held: true },
        sync: true,
        timeoutSeconds: 1,
        callbackUrl: `${receiver.origin}/ok/cancelled`,
      });

      // Assess: the pending payload
      expect(pending.status).toBe(200);
      expect(pending.body).toEqual({
        ok: true,
        pending: true,
        executionId: expect.stringMatching(/^exec_/),
        status: 'queued',
        message: expect.any(String),
      });
      executionId = pending.body.executionId;
      expect((await client.execution(executionId)).body.status).toBe('queued');

      // Act: cancel it
      const cancelled = await client.post('/api/mcp/executions/cancel', { executionId });

      // Assess
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ executionId, status: 'cancelled', finishedAt: expect.any(String) });
      expect(cancelled.body.callback).toMatchObject({ attempt: 1, delivered: true, statusCode: 200 });
    } finally {
      stack.local.sfn.clearFaults();
    }
    const callbacks = receiver.for(executionId);
    expect(callbacks).toHaveLength(1);
    assertSigned(callbacks[0]!);
    expect(callbacks[0]!.body).toMatchObject({ executionId, status: 'cancelled', attempt: 1 });
    const snapshot = (await client.execution(executionId)).body;
    expect(snapshot.status).toBe('cancelled');
    expect(Object.values(snapshot.nodes).every((node: any) => node.status === 'pending')).toBe(true);

    // Act + Assess: a finished run cannot be cancelled or redriven
    const again = await client.post('/api/mcp/executions/cancel', { executionId });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: expect.any(String), code: 'conflict' });
    expect((await client.post('/api/mcp/executions/redrive', { executionId })).status).toBe(409);
    expect(receiver.for(executionId)).toHaveLength(1);
  });

  it('answers 409 to cancelling a run that has succeeded', async () => {
    const answer = await client.post('/api/mcp/executions/cancel', { executionId: succeededId });
    expect(answer.status).toBe(409);
    expect((await client.execution(succeededId)).body.status).toBe('succeeded');
  });
});

describe('replay', () => {
  it('starts a new run of the same frozen graph and inputs, which succeeds and calls back once', async () => {
    // Prepare: edit the canvas after the original run; a replay must not see the edit
    await client.post('/api/mcp/canvas/node/update', {
      canvasId,
      nodeId: 'tpl',
      data: { template: 'EDITED {{input}}' },
    });

    // Act
    const replayed = await client.post('/api/mcp/executions/replay', { executionId: succeededId });

    // Assess
    expect(replayed.status).toBe(202);
    expect(replayed.body).toEqual({
      ok: true,
      executionId: expect.stringMatching(/^exec_/),
      replayOf: succeededId,
      message: expect.any(String),
    });
    const replayId = replayed.body.executionId;
    expect(replayId).not.toBe(succeededId);
    const done = await callbackRecorded(replayId);
    const original = (await client.execution(succeededId)).body;
    expect(done).toMatchObject({
      status: 'succeeded',
      trigger: { kind: 'replay', replayOf: succeededId },
      inputs: original.inputs,
      result: original.result,
      attempt: 1,
      callback: { url: original.callback.url, delivered: true, statusCode: 200 },
    });
    expect(receiver.for(replayId)).toHaveLength(1);
    expect(receiver.for(succeededId)).toHaveLength(1);
    await client.post('/api/mcp/canvas/node/update', {
      canvasId,
      nodeId: 'tpl',
      data: { template: 'You said: {{input}}' },
    });
  });
});

describe('redrive', () => {
  /** prompt → double (text: {{input}} × 8) → out; a 200 KB prompt makes `double` exceed the 1 MiB port limit. */
  async function failingRun(callbackPath: string) {
    const failing = await createFailsAtDouble(client, 'Fails at double');
    const accepted = await client.run({
      canvasId: failing,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'f'.repeat(200 * 1024) },
      callbackUrl: `${receiver.origin}${callbackPath}`,
    });
    expect(accepted.status).toBe(202);
    return accepted.body.executionId as string;
  }

  it('fails the run at the node, then resumes a redrive at that node as attempt 2 with a second callback', async () => {
    // Prepare: a real node failure
    const executionId = await failingRun('/ok/redrive');
    const failed = await callbackRecorded(executionId, 1);
    expect(failed).toMatchObject({
      status: 'failed',
      attempt: 1,
      error: { nodeId: 'double', message: expect.stringContaining('double.text-out') },
    });
    expect(failed.nodes.prompt).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(failed.nodes.double).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.nodes.out).toMatchObject({ status: 'pending', attempts: 0 });
    expect(
      receiver
        .for(executionId)
        .map((callback) => [callback.body.status, callback.body.attempt, callback.body.error?.nodeId]),
    ).toEqual([['failed', 1, 'double']]);

    // Act: only a failed run can be redriven
    const notFailed = await client.post('/api/mcp/executions/redrive', { executionId: succeededId });
    const redriven = await client.post('/api/mcp/executions/redrive', { executionId });

    // Assess
    expect(notFailed.status).toBe(409);
    expect(redriven.status).toBe(202);
    expect(redriven.body).toMatchObject({ executionId, status: 'queued', attempt: 2, error: null });
    const again = await callbackRecorded(executionId, 2);
    // Same input, same failure; but only the failed node ran again
    expect(again).toMatchObject({ status: 'failed', attempt: 2, error: { nodeId: 'double' } });
    expect(again.nodes.prompt).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      startedAt: failed.nodes.prompt.startedAt,
    });
    expect(again.nodes.double).toMatchObject({ status: 'failed', attempts: 2 });
    expect(again.nodes.out).toMatchObject({ status: 'pending', attempts: 0 });
    const callbacks = receiver.for(executionId);
    expect(callbacks.map((callback) => [callback.body.status, callback.body.attempt])).toEqual([
      ['failed', 1],
      ['failed', 2],
    ]);
    callbacks.forEach(assertSigned);
    const timeline = (await client.get('/api/mcp/executions/timeline', { executionId })).body.events.map(
      (event: { type: string }) => event.type,
    );
    expect(timeline.filter((type: string) => type === 'execution.redriven')).toHaveLength(1);
    expect(timeline.filter((type: string) => type === 'execution.failed')).toHaveLength(2);
    expect(timeline.filter((type: string) => type === 'callback.delivered')).toHaveLength(2);
  });

  it('never leaves a run stuck when a redrive comes while the failed run is still sending its callback', async () => {
    // Prepare: the receiver holds the failure callback, so the run already reads `failed` while its
    // Advance step (and so the Step Functions execution) has not finished yet. A client may redrive
    // as soon as it reads `failed`.
    const executionId = await failingRun('/hold/redrive-race');
    await client.waitFor(
      executionId,
      (s) => s.status === 'failed' && s.callback?.attempt === 1 && s.callback.delivered === null,
      'failed, callback in flight',
    );
    await client.waitFor(executionId, () => receiver.for(executionId).length === 1, 'callback received (held)');

    // Act
    const redriven = await client.post('/api/mcp/executions/redrive', { executionId });
    receiver.release();

    // Assess: either the redrive is accepted and runs attempt 2 to its end, or it is refused and the
    // run stays as it was (failed, attempt 1). A 409 must not leave the run `queued` with no engine.
    if (redriven.status === 202) {
      const after = await callbackRecorded(executionId, 2);
      expect(after).toMatchObject({ status: 'failed', attempt: 2 });
    } else {
      expect(redriven.status).toBe(409);
      await callbackRecorded(executionId, 1);
      const after = (await client.execution(executionId)).body;
      expect({ status: after.status, attempt: after.attempt }).toEqual({ status: 'failed', attempt: 1 });
    }
  });
});

describe('callbacks overall', () => {
  it('sent at most one POST per execution and attempt, each with a fresh nonce', async () => {
    // Prepare: let anything late arrive (a bound on waiting, not a timing assertion)
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Assess
    const perAttempt = new Map<string, number>();
    for (const callback of receiver.received) {
      const id = `${callback.body?.executionId}#${callback.body?.attempt}`;
      perAttempt.set(id, (perAttempt.get(id) ?? 0) + 1);
    }
    expect([...perAttempt].filter(([, count]) => count > 1)).toEqual([]);
    const nonces = receiver.received.map((callback) => callback.headers['x-service-signature-nonce']);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
