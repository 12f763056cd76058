// integration: the one-write accept and outbox callbacks (issue 26) against DynamoDB Local — what an
// accepted instant run writes (the key, then the finished run; their capacity units measured as
// DynamoDB reports them), a second accept with the same key, ten at once, a process that died between
// claiming the key and writing the run, a callback whose accepting process is gone (the sweeper sends
// it, once), cancel, redrive, and items written in the previous layout (read, replayed, re-saved).
import { createHmac, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '#core/errors';
import type { Canvas } from '#core/canvas/model';
import type { CallbackSender, WorkflowEngine } from '#core/ports';
import { EXECUTORS, type ExecutorRegistry } from '#core/runs/executors';
import { runFingerprint, idempotencyKeyHash } from '#core/runs/idempotency';
import type { Execution } from '#core/runs/model';
import { sweepStalledRuns } from '#core/runs/sweep';
import {
  CLAIM_LEASE_MS,
  acceptRun,
  cancelRun,
  getExecution,
  redriveRun,
  replayRun,
  type RunDeps,
} from '#core/runs/use-cases';
import { table } from '#adapters/dynamodb/client';
import { HttpCallbackSender } from '#adapters/outbound-http/callback-sender';
import { keys } from '#adapters/dynamodb/table-design';
import {
  failingText,
  measured,
  newWorkspaceId,
  noBlobs,
  runs,
  seedCanvas,
  sweepUntil,
  withRawReceiver,
} from './support/inline-runs.ts';

/** Step Functions that must not be needed: every call is recorded. */
class RecordingEngine implements WorkflowEngine {
  readonly calls: string[] = [];
  async start(run: { executionId: string }) {
    this.calls.push(`start ${run.executionId}`);
    return 'started' as const;
  }
  async stop(executionId: string) {
    this.calls.push(`stop ${executionId}`);
  }
  async redrive(executionId: string) {
    this.calls.push(`redrive ${executionId}`);
    return 'missing' as const;
  }
  async resume(run: { executionId: string }) {
    this.calls.push(`resume ${run.executionId}`);
    return 'started' as const;
  }
}

class RecordingCallbacks implements CallbackSender {
  readonly sent: { url: string; payload: Record<string, unknown> }[] = [];
  async send(url: string, payload: Record<string, unknown>) {
    this.sent.push({ url, payload });
    return { delivered: true, statusCode: 204 };
  }
}

/**
 * What the same run cost in the layout before issue 26, written the way it was: one transaction of the
 * idempotency record (with its HTTP answer), the queued execution (plain, GSI1 and GSI2 keys) and the
 * graph item, then the finished run saved over it (plain, GSI1 keys).
 */
async function previousLayoutUnits(workspaceId: string, finished: Execution, canvas: Canvas): Promise<number> {
  const { client, tableName } = table();
  const executionId = `exec_${'2'.repeat(10)}${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`;
  const queued = {
    ...finished,
    executionId,
    status: 'queued',
    startedAt: null,
    finishedAt: null,
    outputs: {},
    result: {},
    timeline: finished.timeline.slice(0, 1),
    nodes: Object.fromEntries(
      Object.entries(finished.nodes).map(([id, state]) => [
        id,
        { ...state, status: 'pending', startedAt: null, finishedAt: null, attempts: 0 },
      ]),
    ),
  };
  const executionKeys = {
    ...keys.execution(workspaceId, executionId),
    ...keys.executionByCanvas(workspaceId, canvas.id, executionId),
    entity: 'Execution',
  };
  const body = {
    ok: true,
    executionId,
    message: 'Run accepted; poll GET /api/executions?executionId=… for its status',
  };
  const { wcu } = await measured(async () => {
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.idempotency(workspaceId, idempotencyKeyHash(randomUUID())),
                entity: 'Idempotency',
                fingerprint: runFingerprint({ canvasId: canvas.id, triggerNodeId: 'p0', inputs: {} }),
                executionId,
                statusCode: 202,
                body,
                createdAt: queued.createdAt,
                ttl: Math.floor(Date.now() / 1000) + 86_400,
              },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...executionKeys, ...keys.queuedExecution(0, queued.createdAt, executionId), ...queued },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.executionGraph(workspaceId, executionId),
                entity: 'ExecutionGraph',
                nodes: canvas.nodes,
                edges: canvas.edges,
              },
            },
          },
        ],
      }),
    );
    await client.send(
      new PutCommand({ TableName: tableName, Item: { ...executionKeys, ...finished, executionId, version: 2 } }),
    );
  });
  return wcu;
}

function harness(options: { executors?: ExecutorRegistry } = {}) {
  const workspaceId = newWorkspaceId();
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const engine = new RecordingEngine();
  const callbacks = new RecordingCallbacks();
  const deps: RunDeps = {
    runs,
    engine,
    clock,
    blobs: noBlobs,
    inlineRuns: () => true,
    ...(options.executors ? { executors: options.executors } : {}),
  };
  const sweepDeps = { runs, queued: runs, engine, clock, blobs: noBlobs, callbacks };
  const principal = { workspaceId, scopes: ['run:workflows'] } as never;
  return {
    workspaceId,
    principal,
    deps,
    engine,
    callbacks,
    sweepDeps,
    later: (ms: number) => {
      offsetMs += ms;
    },
    accept: (canvasId: string, extra: { key?: string; callbackUrl?: string } = {}) =>
      acceptRun(
        { workspaceId },
        {
          canvasId,
          triggerNodeId: 'p0',
          inputs: {},
          ...(extra.key ? { idempotencyKey: extra.key } : {}),
          ...(extra.callbackUrl ? { callbackUrl: extra.callbackUrl } : {}),
        },
        { kind: 'api' },
        deps,
      ),
  };
}

describe('an accepted instant run', () => {
  it('is two writes — the key, then the finished run with its graph inside — and measures their units', async () => {
    const { workspaceId, accept, engine } = harness();
    const canvas = await seedCanvas(workspaceId, 'one write');

    const { result: accepted, wcu, rcu } = await measured(() => accept(canvas.id, { key: randomUUID() }));

    const { client, tableName } = table();
    const item = (
      await client.send(
        new GetCommand({ TableName: tableName, Key: keys.execution(workspaceId, accepted.executionId) }),
      )
    ).Item!;
    const graphItem = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.executionGraph(workspaceId, accepted.executionId) }),
    );
    const before = await previousLayoutUnits(workspaceId, accepted.ran!, canvas);
    console.info(
      `accept of the 3-node canvas: ${wcu} WCU, ${rcu} RCU; the same run in the previous layout ` +
        `(transaction of record + queued execution + graph, then the finished save): ${before} WCU`,
    );
    expect(engine.calls).toEqual([]);
    expect(accepted.ran).toMatchObject({ status: 'succeeded', result: { o2: 'hello' } });
    expect(item).toMatchObject({ status: 'succeeded', version: 1, graph: expect.any(Uint8Array) });
    expect(item.GSI2PK).toBeUndefined();
    expect(graphItem.Item).toBeUndefined();
    // One unit for the key, one for the run's GSI1 copy, and the run with its audit entry in one
    // transaction (docs/audit.md), which DynamoDB bills double: 2 × (1 + 1) and 2 for a run past 1 KB.
    expect(wcu).toBeLessThanOrEqual(7);
    expect(before).toBeGreaterThan(wcu);
    expect(await getExecution({ workspaceId } as never, accepted.executionId, { runs })).toEqual(accepted.ran);
  });

  it('collides on a second accept with the same key and replays the run, writing no second run', async () => {
    const { workspaceId, accept } = harness();
    const canvas = await seedCanvas(workspaceId, 'one write');
    const key = randomUUID();
    const first = await accept(canvas.id, { key });
    const second = await accept(canvas.id, { key });
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => accept(canvas.id, { key: `${key}-c` })));
    const listed = await runs.listByCanvas(workspaceId, canvas.id, { limit: 50 });

    expect(second).toMatchObject({ executionId: first.executionId, replayed: true });
    expect(new Set(concurrent.map((answer) => answer.executionId)).size).toBe(1);
    expect(concurrent.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(listed.items).toHaveLength(2);
  });

  it(
    'is recorded under the key’s ' +
      'executionId ' +
      'by a retry after the ' +
      'lease when its process died ' +
      'after the claim',
    async () => {
      const { workspaceId, accept, later } = harness();
      const canvas = await seedCanvas(workspaceId, 'one write');
      const key = randomUUID();
      // The dead process got as far as its claim.
      const executionId = `exec_${'0'.repeat(10)}${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`;
      await runs.claimKey(workspaceId, {
        keyHash: idempotencyKeyHash(`run:${key}`),
        record: {
          fingerprint: runFingerprint({ canvasId: canvas.id, triggerNodeId: 'p0', inputs: {} }),
          executionId,
          createdAt: new Date().toISOString(),
        },
        expiresAtEpochSeconds: Math.floor(Date.now() / 1000) + 3600,
      });

      await expect(accept(canvas.id, { key })).rejects.toBeInstanceOf(ConflictError);
      later(CLAIM_LEASE_MS + 1_000);
      const retried = await accept(canvas.id, { key });
      const again = await accept(canvas.id, { key });

      expect(retried).toMatchObject({ executionId, replayed: false, ran: { status: 'succeeded' } });
      expect(again).toMatchObject({ executionId, replayed: true });
      // The dead process's own write, had it come late, finds the id taken.
      expect(await runs.create({ execution: retried.ran!, graph: { nodes: [], edges: [] } })).toEqual({
        created: false,
      });
    },
  );

  it('cannot be cancelled mid-run: its executionId is answered once it has finished', async () => {
    const { workspaceId, principal, deps, callbacks, accept } = harness();
    const canvas = await seedCanvas(workspaceId, 'one write');
    const accepted = await accept(canvas.id);
    await expect(cancelRun(principal, accepted.executionId, { ...deps, callbacks })).rejects.toThrow(
      /already finished/,
    );
    expect(callbacks.sent).toEqual([]);
  });
});

describe('callbacks without a state machine', () => {
  it('survive the accepting process: the sweeper sends the callback once, however many sweeps race', async () => {
    const { workspaceId, accept, callbacks, sweepDeps, engine } = harness();
    const canvas = await seedCanvas(workspaceId, 'one write');

    // The accepting process answers and is gone; nothing else sends the callback.
    const { result: accepted, ...acceptUnits } = await measured(() =>
      accept(canvas.id, { callbackUrl: 'https://receiver.test/cb' }),
    );
    const early = await sweepStalledRuns(sweepDeps, { graceMs: 120_000, callbackHoldMs: 60_000 });
    expect(early.callbacks).toBe(0);
    const deliveryUnits = await measured(() =>
      Promise.all([
        sweepUntil(sweepDeps, () => callbacks.sent.length > 0),
        sweepUntil(sweepDeps, () => callbacks.sent.length > 0),
      ]),
    );
    await sweepStalledRuns(sweepDeps, { graceMs: 0, callbackHoldMs: 0 });
    console.info(
      `instant run with a callback URL: accept ${acceptUnits.wcu} WCU, ${acceptUnits.rcu} RCU; the sweeps that ` +
        `delivered it (two racing, index queries included) ${deliveryUnits.wcu} WCU, ${deliveryUnits.rcu} RCU`,
    );

    expect(engine.calls).toEqual([]);
    expect(callbacks.sent).toEqual([
      {
        url: 'https://receiver.test/cb',
        payload: expect.objectContaining({ executionId: accepted.executionId, status: 'succeeded', attempt: 1 }),
      },
    ]);
    const stored = await runs.get(workspaceId, accepted.executionId);
    expect(stored).toMatchObject({ callback: { attempt: 1, delivered: true, statusCode: 204 } });
    expect(stored!.timeline.at(-1)).toMatchObject({ type: 'callback.delivered' });
    expect(await runs.listQueued(new Date(Date.now() + 60_000).toISOString(), 1000)).not.toContainEqual({
      workspaceId,
      executionId: accepted.executionId,
    });
  });

  it('are signed as the state machine signs them (the same sender): HMAC-SHA256 of the exact bytes sent', async () => {
    const secret = `cbsec-${randomUUID()}`;
    await withRawReceiver(async ({ port, received }) => {
      const { workspaceId, accept, sweepDeps } = harness();
      const canvas = await seedCanvas(workspaceId, 'one write');
      const callbacks = new HttpCallbackSender({
        signing: { deploymentSecret: async () => secret },
        allowHosts: [`127.0.0.1:${port}`],
      });
      const accepted = await accept(canvas.id, { callbackUrl: `http://127.0.0.1:${port}/cb` });
      await sweepUntil({ ...sweepDeps, callbacks }, () => received.length > 0);

      expect(received).toHaveLength(1);
      const [{ headers, body }] = received as [{ headers: Record<string, unknown>; body: string }];
      expect(JSON.parse(body)).toMatchObject({ executionId: accepted.executionId, workspaceId, status: 'succeeded' });
      const hmac = (text: string) => `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;
      expect(headers['x-service-signature']).toBe(hmac(body));
      expect(headers['x-service-signature-v2']).toBe(
        hmac(`${headers['x-service-signature-timestamp']}.${headers['x-service-signature-nonce']}.${body}`),
      );
    });
  });

  it('go out once per attempt when a run that failed inline is redriven inline', async () => {
    const executors: ExecutorRegistry = { ...failingText };
    const { workspaceId, principal, deps, accept, callbacks, sweepDeps, engine } = harness({ executors });
    const canvas = await seedCanvas(workspaceId, 'one write');
    const accepted = await accept(canvas.id, { callbackUrl: 'https://receiver.test/cb' });
    await sweepUntil(sweepDeps, () => callbacks.sent.length === 1);
    executors.text = EXECUTORS.text;

    const redriven = await redriveRun(principal, accepted.executionId, deps);
    await sweepUntil(sweepDeps, () => callbacks.sent.length === 2);

    expect(engine.calls).toEqual([`redrive ${accepted.executionId}`]);
    expect(redriven).toMatchObject({ status: 'succeeded', attempt: 2 });
    expect(callbacks.sent.map(({ payload }) => [payload.attempt, payload.status])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
  });
});

describe('items written in the previous layout', () => {
  it('are read, replayed by their key, replayed as runs, and re-saved in the new layout', async () => {
    const { workspaceId, principal, deps, accept, callbacks } = harness();
    const canvas = await seedCanvas(workspaceId, 'one write');
    const key = randomUUID();
    const executionId = `exec_${'1'.repeat(10)}${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`;
    const at = new Date().toISOString();
    const graph = { nodes: canvas.nodes, edges: canvas.edges };
    const legacy = {
      executionId,
      workspaceId,
      canvasId: canvas.id,
      triggerNodeId: 'p0',
      trigger: { kind: 'api' },
      status: 'queued',
      inputs: {},
      createdAt: at,
      startedAt: null,
      finishedAt: null,
      updatedAt: at,
      attempt: 1,
      nodes: Object.fromEntries(
        canvas.nodes.map((node) => [
          node.id,
          { type: node.type, status: 'pending', startedAt: null, finishedAt: null, error: null, attempts: 0 },
        ]),
      ),
      outputs: {},
      result: {},
      error: null,
      callback: null,
      timeline: [{ at, type: 'execution.queued' }],
      version: 1,
    };
    const { client, tableName } = table();
    const put = (Item: Record<string, unknown>) => client.send(new PutCommand({ TableName: tableName, Item }));
    await put({
      ...keys.execution(workspaceId, executionId),
      ...keys.executionByCanvas(workspaceId, canvas.id, executionId),
      ...keys.queuedExecution(0, at, executionId),
      entity: 'Execution',
      ...legacy,
    });
    await put({ ...keys.executionGraph(workspaceId, executionId), entity: 'ExecutionGraph', ...graph });
    await put({
      ...keys.idempotency(workspaceId, idempotencyKeyHash(`run:${key}`)),
      entity: 'Idempotency',
      fingerprint: runFingerprint({ canvasId: canvas.id, triggerNodeId: 'p0', inputs: {} }),
      executionId,
      statusCode: 202,
      body: { ok: true, executionId, message: 'Run accepted' },
      createdAt: at,
      ttl: Math.floor(Date.now() / 1000) + 3600,
    });

    expect(await runs.get(workspaceId, executionId)).toEqual(legacy);
    expect(await runs.getWithGraph(workspaceId, executionId)).toEqual({ execution: legacy, graph });
    expect(await accept(canvas.id, { key })).toMatchObject({ executionId, replayed: true });
    const replayed = await replayRun(principal, executionId, deps);
    expect(replayed).toMatchObject({ replayOf: executionId, ran: { status: 'succeeded', result: { o2: 'hello' } } });
    const cancelled = await cancelRun(principal, executionId, { ...deps, callbacks });

    const item = (
      await client.send(new GetCommand({ TableName: tableName, Key: keys.execution(workspaceId, executionId) }))
    ).Item!;
    expect(cancelled).toMatchObject({ status: 'cancelled', version: 2 });
    expect(item).toMatchObject({ status: 'cancelled', details: expect.any(Uint8Array), GSI1PK: expect.any(String) });
    expect(item.nodes).toBeUndefined();
    expect(item.GSI2PK).toBeUndefined();
    expect(await runs.getWithGraph(workspaceId, executionId)).toMatchObject({
      execution: { status: 'cancelled' },
      graph,
    });
  });
});
