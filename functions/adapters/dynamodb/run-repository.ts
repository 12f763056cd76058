// adapter: RunRepository on the single table (Execution and Idempotency items, and the Execution graph
// item of a large graph), and the run outbox's index (GSI2) the sweeper reads. How an execution item
// is laid out: execution-item.ts.
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Canvas } from '#core/canvas/model';
import type { ExecutionStatusReader, IdempotencyRecord, QueuedRunIndex, RunRepository } from '#core/ports';
import {
  inOutbox,
  outboxSince,
  summarizeExecution,
  type Execution,
  type ExecutionSummary,
  type FrozenGraph,
} from '#core/runs/model';
import { table } from './client.ts';
import {
  batchGetConsistent,
  deleteItem,
  findByKey,
  getEntity,
  getItem,
  putIfAbsent,
  putItem,
  sparseIndexBefore,
  toEntity,
} from './entities.ts';
import { conditionally } from './errors.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { GSI1, GSI2, keys, QUEUED_SHARDS, TTL_ATTRIBUTE } from './table-design.ts';
import { embeddedGraph, executionAttributes, executionOf, graphOf, LEGACY_PLAIN_FIELDS } from './execution-item.ts';

const TTL = TTL_ATTRIBUTE;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const isExpired = (item: Record<string, unknown>, now: Date) =>
  typeof item[TTL] === 'number' && (item[TTL] as number) < epochSeconds(now);

/** The outbox shard of an execution: stable, and spread evenly over QUEUED_SHARDS. */
const shardOf = (executionId: string) =>
  createHash('sha256').update(executionId).digest().readUInt16BE(0) % QUEUED_SHARDS;

/** The GSI2 keys of a run in the outbox (queued, or finished with its callback still to send). */
const outboxKeys = (execution: Execution) =>
  keys.queuedExecution(shardOf(execution.executionId), outboxSince(execution), execution.executionId);

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

/** A condition failure's old item, when the write asked for it (ReturnValuesOnConditionCheckFailure). */
const oldItemOf = (error: unknown) =>
  error instanceof ConditionalCheckFailedException && error.Item ? unmarshall(error.Item) : undefined;

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
      canvas: canvas ? toEntity<Canvas>(canvas) : undefined,
      idempotency: idempotency ? toEntity<IdempotencyRecord>(idempotency) : undefined,
    };
  }

  /** One PutItem of a small record (1 write unit), conditioned on the key being free. */
  async claimKey(workspaceId: string, claim: Parameters<RunRepository['claimKey']>[1]) {
    const { client, tableName } = table();
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.idempotency(workspaceId, claim.keyHash),
            entity: 'Idempotency',
            ...claim.record,
            // No TTL attribute: DynamoDB never deletes it, and the condition below never frees it.
            ...(Number.isFinite(claim.expiresAtEpochSeconds) ? { [TTL]: claim.expiresAtEpochSeconds } : {}),
          },
          // Free, or held by an expired record that TTL has not removed yet, or (derived keys) by a
          // record of an older canvas version: the canvas was edited since.
          ...idempotencyCondition(claim.record.canvasVersion, claim.nowEpochSeconds ?? epochSeconds(new Date())),
          // The holder of the key comes back with the failure: no second read.
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { claimed: true as const };
    } catch (error) {
      const holder = oldItemOf(error);
      if (holder) return { claimed: false as const, existing: toEntity<IdempotencyRecord>(holder) };
      throw error;
    }
  }

  /**
   * One PutItem of the execution with its graph inside — about 1 KB for a small run: 1 write unit, and
   * 1 for GSI1 — and, only for a graph too large to embed, its own item first, so an execution is never
   * without its graph.
   */
  async create({ execution, graph }: Parameters<RunRepository['create']>[0]) {
    const embedded = embeddedGraph(graph);
    if (!embedded) {
      await putItem({
        ...keys.executionGraph(execution.workspaceId, execution.executionId),
        entity: 'ExecutionGraph',
        ...graph,
      });
    }
    const created = await putIfAbsent({
      ...keys.execution(execution.workspaceId, execution.executionId),
      ...keys.executionByCanvas(execution.workspaceId, execution.canvasId, execution.executionId),
      ...(inOutbox(execution) ? outboxKeys(execution) : {}),
      entity: 'Execution',
      ...executionAttributes(execution),
      ...(embedded ? { graph: embedded } : {}),
    });
    return { created };
  }

  async discard(workspaceId: string, executionId: string, keyHash?: string): Promise<void> {
    const deletes = [
      keys.execution(workspaceId, executionId),
      keys.executionGraph(workspaceId, executionId),
      ...(keyHash ? [keys.idempotency(workspaceId, keyHash)] : []),
    ];
    await Promise.all(deletes.map((key) => deleteItem(key)));
  }

  async get(workspaceId: string, executionId: string): Promise<Execution | undefined> {
    const item = await getItem(keys.execution(workspaceId, executionId));
    return item ? executionOf(item) : undefined;
  }

  /** One GetItem when the graph is inside the execution item; a second for a large or older run's graph item. */
  async getWithGraph(workspaceId: string, executionId: string) {
    const item = await getItem(keys.execution(workspaceId, executionId));
    if (!item) return undefined;
    const embedded = graphOf(item);
    if (embedded) return { execution: executionOf(item), graph: embedded };
    const graph = await getEntity<FrozenGraph>(keys.executionGraph(workspaceId, executionId));
    return graph ? { execution: executionOf(item), graph } : undefined;
  }

  /**
   * An UpdateItem on the version read: sets the plain fields and `details`, keeps the embedded graph,
   * puts the run in the outbox index or takes it out, and removes the previous layout's plain fields.
   */
  async save(execution: Execution, expectedVersion: number): Promise<void> {
    const { client, tableName } = table();
    const { executionId, status, version, details } = executionAttributes(execution);
    const outbox = inOutbox(execution) ? outboxKeys(execution) : undefined;
    const names: Record<string, string> = {
      '#status': 'status',
      '#version': 'version',
      '#details': 'details',
      '#executionId': 'executionId',
      '#g2pk': GSI2.partitionKey,
      '#g2sk': GSI2.sortKey,
    };
    LEGACY_PLAIN_FIELDS.forEach((field, index) => {
      names[`#l${index}`] = field;
    });
    const set = ['#executionId = :executionId', '#status = :status', '#version = :version', '#details = :details'];
    const remove = LEGACY_PLAIN_FIELDS.map((_, index) => `#l${index}`);
    if (outbox) set.push('#g2pk = :g2pk', '#g2sk = :g2sk');
    else remove.push('#g2pk', '#g2sk');
    await conditionally(
      () =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.execution(execution.workspaceId, executionId),
            UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: {
              ':executionId': executionId,
              ':status': status,
              ':version': version,
              ':details': details,
              ':expected': expectedVersion,
              ...(outbox ? { ':g2pk': outbox.GSI2PK, ':g2sk': outbox.GSI2SK } : {}),
            },
          }),
        ),
      `Execution ${executionId} was changed concurrently`,
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
    const items: ExecutionSummary[] = (result.Items ?? []).map((item) => summarizeExecution(executionOf(item)));
    return { items, nextCursor: encodeCursor(result.LastEvaluatedKey) };
  }

  /**
   * Runs in the outbox since before `cutoff` (ISO time: queued, or finished with a callback to send),
   * oldest first per shard: one Query per shard of the sparse index GSI2, at most `limit` runs per shard.
   * The index is eventually consistent and keys only; callers re-read each run before acting on it.
   */
  async listQueued(cutoff: string, limit: number): Promise<{ workspaceId: string; executionId: string }[]> {
    const shards = Array.from({ length: QUEUED_SHARDS }, (_, shard) => keys.queuedPartition(shard));
    return (await sparseIndexBefore(shards, cutoff, limit)).flatMap((item) => {
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
