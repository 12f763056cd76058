// adapter: the few DynamoDB access shapes the repositories share, written once.
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { table } from './client.ts';
import { conditionally } from './errors.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

type Item = Record<string, unknown>;
type Key = { PK: string; SK: string };

/**
 * One page of a partition's items whose sort key starts with `prefix`, with an opaque cursor sealed
 * to the partition. `extra` adds a projection or filter (its names and values are merged).
 */
export async function queryPrefix(
  partition: string,
  prefix: string,
  page: { limit: number; cursor?: string },
  extra: Pick<
    QueryCommandInput,
    'ProjectionExpression' | 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
  > = {},
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const { client, tableName } = table();
  const result = await client.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ...extra,
      ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix, ...extra.ExpressionAttributeValues },
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, partition),
    }),
  );
  return { items: result.Items ?? [], nextCursor: encodeCursor(result.LastEvaluatedKey) };
}

/** Every item a query matches, page after page (for small, bounded sets: a workspace's owners, a grant's tokens). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  const { client, tableName } = table();
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await client.send(new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Strongly consistent reads of a few items in one round trip; throttled keys are read one by one. */
export async function batchGetConsistent(keys: readonly Key[]): Promise<Item[]> {
  const { client, tableName } = table();
  const { Responses, UnprocessedKeys } = await client.send(
    new BatchGetCommand({ RequestItems: { [tableName]: { Keys: [...keys], ConsistentRead: true } } }),
  );
  const items = Responses?.[tableName] ?? [];
  for (const key of UnprocessedKeys?.[tableName]?.Keys ?? []) {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    if (Item) items.push(Item);
  }
  return items;
}

export function findByKey(items: readonly Item[], key: Key): Item | undefined {
  return items.find((item) => item.PK === key.PK && item.SK === key.SK);
}

/** Writes `item` only if the stored item is still at `expectedVersion` (optimistic concurrency); else ConflictError. */
export async function putIfVersion(item: Item, expectedVersion: number, conflictMessage: string): Promise<void> {
  const { client, tableName } = table();
  await conditionally(
    () =>
      client.send(
        new PutCommand({
          TableName: tableName,
          Item: item,
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':expected': expectedVersion },
        }),
      ),
    conflictMessage,
  );
}
