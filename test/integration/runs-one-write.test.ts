// integration: the one-write accept (issue 26) against DynamoDB Local — what an accepted instant run writes
// (the key, then the finished run; their capacity units measured as DynamoDB reports them, against the
// previous layout's), a second accept with the same key, ten at once, a process that died between claiming
// the key and writing the run, cancel, and items written in the previous layout (read, replayed, re-saved).
// Its callbacks, sent without a state machine: runs-one-write-callbacks.test.ts.
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '#core/errors';
import type { Canvas } from '#core/canvas/model';
import { runFingerprint, idempotencyKeyHash } from '#core/runs/idempotency';
import type { Execution } from '#core/runs/model';
import { CLAIM_LEASE_MS, cancelRun, getExecution, replayRun } from '#core/runs/use-cases';
import { table } from '#adapters/dynamodb/client';
import { keys } from '#adapters/dynamodb/table-design';
import { measured, runs, seedCanvas } from './support/inline-runs.ts';
import { harness } from './support/one-write-harness.ts';

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
      `accept of the 3-node canvas: ${wcu} WCU, ${rcu} RCU; the same run in the previous layout (transaction of record + queued execution + graph, then the finished save): ${before} WCU`,
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

  it('is recorded under the key’s executionId by a retry after the lease when its process died after the claim', async () => {
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
  });

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
