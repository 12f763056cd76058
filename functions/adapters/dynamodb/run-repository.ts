// adapter: RunRepository on the single table (Execution, Execution graph and Idempotency items), and
// the run outbox's queued-runs index (GSI2) the sweeper reads.
import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Canvas } from '#core/canvas/model';
import type { ExecutionStatusReader, IdempotencyRecord, QueuedRunIndex, RunRepository } from '#core/ports';
import {
  queuedSince,
  summarizeExecution,
  type Execution,
  type ExecutionSummary,
  type FrozenGraph,
} from '#core/runs/model';
import { table } from './client.ts';
import { batchGetConsistent, findByKey, putIfVersion } from './operations.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { GSI1, GSI2, keys, QUEUED_SHARDS, TTL_ATTRIBUTE } from './table-design.ts';

const TTL = TTL_ATTRIBUTE;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const isExpired = (item: Record<string, unknown>, now: Date) =>
  typeof item[TTL] === 'number' && (item[TTL] as number) < epochSeconds(now);

function strip<T>(item: Record<string, unknown>): T {
  const {
    PK: _pk,
    SK: _sk,
    [GSI1.partitionKey]: _g1,
    [GSI1.sortKey]: _g2,
    [GSI2.partitionKey]: _q1,
    [GSI2.sortKey]: _q2,
    entity: _entity,
    [TTL]: _ttl,
    ...rest
  } = item;
  return rest as T;
}

/** The queued-runs shard of an execution: stable, and spread evenly over QUEUED_SHARDS. */
const shardOf = (executionId: string) =>
  createHash('sha256').update(executionId).digest().readUInt16BE(0) % QUEUED_SHARDS;

/**
 * The execution item. While the run is `queued` it also carries the GSI2 keys (the outbox, see
 * table-design.ts); every later save writes the whole item without them, which removes the index entry.
 */
function executionItem(execution: Execution) {
  return {
    ...keys.execution(execution.workspaceId, execution.executionId),
    ...keys.executionByCanvas(execution.workspaceId, execution.canvasId, execution.executionId),
    ...(execution.status === 'queued'
      ? keys.queuedExecution(shardOf(execution.executionId), queuedSince(execution), execution.executionId)
      : {}),
    entity: 'Execution',
    ...execution,
  };
}

function idempotencyCondition(
  canvasVersion: number | undefined,
  nowEpochSeconds: number,
): {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, number>;
} {
  if (canvasVersion === undefined) {
    return {
      ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :now',
      ExpressionAttributeNames: { '#ttl': TTL },
      ExpressionAttributeValues: { ':now': nowEpochSeconds },
    };
  }
  return {
    ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :now OR attribute_not_exists(#cv) OR #cv < :cv',
    ExpressionAttributeNames: { '#ttl': TTL, '#cv': 'canvasVersion' },
    ExpressionAttributeValues: { ':now': nowEpochSeconds, ':cv': canvasVersion },
  };
}

const EXECUTION_SK = /^EXEC#([^#]+)$/;
const WORKSPACE_PK = /^WS#(.+)$/;

export class DynamoRunRepository implements RunRepository, ExecutionStatusReader, QueuedRunIndex {
  async loadForStart(workspaceId: string, canvasId: string, keyHash?: string, now = new Date()) {
    const canvasKey = keys.canvas(workspaceId, canvasId);
    const idempotencyKey = keyHash === undefined ? undefined : keys.idempotency(workspaceId, keyHash);
    const items = await batchGetConsistent(idempotencyKey ? [canvasKey, idempotencyKey] : [canvasKey]);
    const canvas = findByKey(items, canvasKey);
    const found = idempotencyKey && findByKey(items, idempotencyKey);
    // TTL deletion is lazy (hours, sometimes days): a record past its expiry no longer names a run.
    const idempotency = found && !isExpired(found, now) ? found : undefined;
    return {
      canvas: canvas ? strip<Canvas>(canvas) : undefined,
      idempotency: idempotency ? strip<IdempotencyRecord>(idempotency) : undefined,
    };
  }

  async create(input: Parameters<RunRepository['create']>[0]) {
    const { client, tableName } = table();
    const { execution, graph, idempotency } = input;
    try {
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            ...(idempotency
              ? [
                  {
                    Put: {
                      TableName: tableName,
                      Item: {
                        ...keys.idempotency(execution.workspaceId, idempotency.keyHash),
                        entity: 'Idempotency',
                        ...idempotency.record,
                        [TTL]: idempotency.expiresAtEpochSeconds,
                      },
                      // Free, or held by an expired record that TTL has not removed yet, or (derived
                      // keys) by a record of an older canvas version: the canvas was edited since.
                      ...idempotencyCondition(
                        idempotency.record.canvasVersion,
                        idempotency.nowEpochSeconds ?? epochSeconds(new Date()),
                      ),
                      // The holder of the key comes back with the failure: no second read.
                      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
                    },
                  },
                ]
              : []),
            {
              Put: {
                TableName: tableName,
                Item: executionItem(execution),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...keys.executionGraph(execution.workspaceId, execution.executionId),
                  entity: 'ExecutionGraph',
                  ...graph,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
      return { created: true as const };
    } catch (error) {
      // The holder of the idempotency key comes back with the failure: no second read.
      const holder =
        idempotency && error instanceof TransactionCanceledException ? error.CancellationReasons?.[0] : undefined;
      if (holder?.Code === 'ConditionalCheckFailed' && holder.Item) {
        return { created: false as const, existing: strip<IdempotencyRecord>(unmarshall(holder.Item)) };
      }
      throw error;
    }
  }

  async discard(workspaceId: string, executionId: string, keyHash?: string): Promise<void> {
    const { client, tableName } = table();
    const deletes = [
      keys.execution(workspaceId, executionId),
      keys.executionGraph(workspaceId, executionId),
      ...(keyHash ? [keys.idempotency(workspaceId, keyHash)] : []),
    ];
    await client.send(
      new TransactWriteCommand({ TransactItems: deletes.map((Key) => ({ Delete: { TableName: tableName, Key } })) }),
    );
  }

  async get(workspaceId: string, executionId: string): Promise<Execution | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.execution(workspaceId, executionId), ConsistentRead: true }),
    );
    return Item ? strip<Execution>(Item) : undefined;
  }

  async getWithGraph(workspaceId: string, executionId: string) {
    const executionKey = keys.execution(workspaceId, executionId);
    const graphKey = keys.executionGraph(workspaceId, executionId);
    const items = await batchGetConsistent([executionKey, graphKey]);
    const execution = findByKey(items, executionKey);
    const graph = findByKey(items, graphKey);
    if (!execution || !graph) return undefined;
    return { execution: strip<Execution>(execution), graph: strip<FrozenGraph>(graph) };
  }

  async save(execution: Execution, expectedVersion: number): Promise<void> {
    await putIfVersion(
      executionItem(execution),
      expectedVersion,
      `Execution ${execution.executionId} was changed concurrently`,
    );
  }

  async listByCanvas(workspaceId: string, canvasId: string, page: { limit: number; cursor?: string }) {
    const { client, tableName } = table();
    const partition = keys.canvasExecutionsPartition(workspaceId, canvasId);
    const result = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: GSI1.indexName,
        KeyConditionExpression: `${GSI1.partitionKey} = :pk`,
        ExpressionAttributeValues: { ':pk': partition },
        ScanIndexForward: false,
        Limit: page.limit,
        ExclusiveStartKey: decodeCursor(page.cursor, partition, 'GSI1'),
      }),
    );
    const items: ExecutionSummary[] = (result.Items ?? []).map((item) => summarizeExecution(strip<Execution>(item)));
    return { items, nextCursor: encodeCursor(result.LastEvaluatedKey) };
  }

  /**
   * Runs queued since before `cutoff` (ISO time), oldest first per shard: one Query per shard of the
   * sparse index GSI2, at most `limit` runs per shard. The index is eventually consistent and keys
   * only; callers re-read each run before acting on it.
   */
  async listQueued(cutoff: string, limit: number): Promise<{ workspaceId: string; executionId: string }[]> {
    const { client, tableName } = table();
    const shards = await Promise.all(
      Array.from({ length: QUEUED_SHARDS }, async (_, shard) => {
        const { Items = [] } = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: GSI2.indexName,
            KeyConditionExpression: '#pk = :pk AND #sk < :cutoff',
            ExpressionAttributeNames: { '#pk': GSI2.partitionKey, '#sk': GSI2.sortKey },
            ExpressionAttributeValues: { ':pk': keys.queuedPartition(shard), ':cutoff': cutoff },
            Limit: limit,
          }),
        );
        return Items;
      }),
    );
    return shards.flat().flatMap((item) => {
      const workspaceId = WORKSPACE_PK.exec(String(item.PK))?.[1];
      const executionId = EXECUTION_SK.exec(String(item.SK))?.[1];
      return workspaceId && executionId ? [{ workspaceId, executionId }] : [];
    });
  }

  async statuses(workspaceId: string, executionIds: readonly string[]): Promise<Record<string, string>> {
    if (executionIds.length === 0) return {};
    const { client, tableName } = table();
    const result: Record<string, string> = {};
    // BatchGetItem takes 100 keys per call; status rows of one canvas need far fewer.
    for (let start = 0; start < executionIds.length; start += 100) {
      const Keys = executionIds.slice(start, start + 100).map((id) => keys.execution(workspaceId, id));
      const { Responses } = await client.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: {
              Keys,
              ConsistentRead: true,
              ProjectionExpression: 'executionId, #status',
              ExpressionAttributeNames: { '#status': 'status' },
            },
          },
        }),
      );
      for (const item of Responses?.[tableName] ?? []) result[item.executionId as string] = item.status as string;
    }
    return result;
  }
}
