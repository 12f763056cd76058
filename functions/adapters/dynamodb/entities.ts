// adapter: the entity helper of the single table — how a repository reads, writes and unwraps one
// entity (table-design.ts), written once so the conditions, cursors and key handling cannot drift apart.
//
//   putNew        Put   if attribute_not_exists(PK)   → the conflict error when something is there
//   putIfAbsent   Put   if attribute_not_exists(PK)   → false when something is there
//   putIfVersion  Put   if version = :expected        → the conflict error when it moved on
//   putVersioned  putNew when there is no version yet (null), else putIfVersion
//   putIf         Put   if a condition of the caller's → the conflict error when it does not hold
//   newItemPut / versionedPut   the first and third conditions as items of a TransactWriteItems
// A repository maps an item back to its entity with toEntity / getEntity, which drop the attributes
// the table adds (keys, index keys, entity, TTL: from TABLE_SCHEMA) and the ones it derives itself.
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type PutCommandInput,
  type QueryCommandInput,
  type ScanCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { DomainError } from '#core/errors';
import { table } from './client.ts';
import { conditionally, isConditionFailure } from './errors.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { GSI2, TABLE_SCHEMA, TTL_ATTRIBUTE } from './table-design.ts';

export type Item = Record<string, unknown>;
export type Key = { PK: string; SK: string };
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/** What a failed condition becomes: a ConflictError with this message, or the error the function builds. */
export type OnConflict = string | (() => DomainError);

/**
 * The attributes the table adds to every entity it stores — its keys and index keys (from the table
 * design), `entity` and the TTL — which a repository drops to hand the entity back.
 */
const TABLE_ATTRIBUTES: readonly string[] = [
  TABLE_SCHEMA.partitionKey,
  TABLE_SCHEMA.sortKey,
  ...TABLE_SCHEMA.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  'entity',
  TTL_ATTRIBUTE,
];

const EXISTS = 'attribute_exists(PK)';

/**
 * The entity a stored item holds: the item without the table's own attributes (keys, index keys,
 * `entity`, TTL; see TABLE_ATTRIBUTES) and without the `derived` attributes its repository adds on write.
 */
export function toEntity<T>(item: Item, ...derived: string[]): T {
  const entity: Item = { ...item };
  for (const attribute of [...TABLE_ATTRIBUTES, ...derived]) delete entity[attribute];
  return entity as T;
}

/** Many stored items as their entities (see toEntity). */
export function toEntities<T>(items: readonly Item[], ...derived: string[]): T[] {
  return items.map((item) => toEntity<T>(item, ...derived));
}

/** One item by its key; strongly consistent unless asked otherwise. */
export async function getItem(key: Key, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
  const { client, tableName } = table();
  const { Item } = await client.send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: options.consistent ?? true }),
  );
  return Item;
}

/** One entity by its key (strongly consistent), without the table's attributes and the `derived` ones. */
export async function getEntity<T>(key: Key, ...derived: string[]): Promise<T | undefined> {
  const item = await getItem(key);
  return item ? toEntity<T>(item, ...derived) : undefined;
}

/**
 * One page of a partition's items whose sort key starts with `prefix`, with an opaque cursor sealed
 * to the partition. `extra` adds a projection, a filter (its names and values are merged), the order
 * or a consistent read.
 */
export async function queryPrefix(
  partition: string,
  prefix: string,
  page: { limit: number; cursor?: string },
  extra: Pick<
    QueryCommandInput,
    | 'ProjectionExpression'
    | 'FilterExpression'
    | 'ExpressionAttributeNames'
    | 'ExpressionAttributeValues'
    | 'ScanIndexForward'
    | 'ConsistentRead'
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

type PageRead = (start: Item | undefined) => Promise<{ Items?: Item[]; LastEvaluatedKey?: Item }>;

/** Every page of a read, one at a time: the next is only requested once the consumer asks for it. */
async function* pagesOf(read: PageRead): AsyncGenerator<Item[]> {
  let start: Item | undefined;
  do {
    const page = await read(start);
    yield page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}

/** The pages of a query, lazily (a range read whose memory stays at one page). */
export function queryPages(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): AsyncGenerator<Item[]> {
  const { client, tableName } = table();
  return pagesOf((start) =>
    client.send(new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey: start })),
  );
}

async function collect(pages: AsyncIterable<Item[]>): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of pages) items.push(...page);
  return items;
}

/** Every item a query matches, page after page (for small, bounded sets: a workspace's owners, a grant's tokens). */
export function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  return collect(queryPages(input));
}

/** Every item of the table a scan matches (operators' commands only: no request path scans). */
export function scanAll(input: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  const { client, tableName } = table();
  return collect(
    pagesOf((start) => client.send(new ScanCommand({ ...input, TableName: tableName, ExclusiveStartKey: start }))),
  );
}

/**
 * The items of the sparse index GSI2 (keys only) whose sort key is below `cutoff`, in each of the
 * `partitions` (its shards): one Query per shard, in parallel, at most `limit` items per shard, oldest
 * first. The index is eventually consistent; callers re-read each item before acting on it.
 */
export async function sparseIndexBefore(partitions: readonly string[], cutoff: string, limit: number): Promise<Item[]> {
  const { client, tableName } = table();
  const pages = await Promise.all(
    partitions.map((partition) =>
      client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: GSI2.indexName,
          KeyConditionExpression: '#pk = :pk AND #sk < :cutoff',
          ExpressionAttributeNames: { '#pk': GSI2.partitionKey, '#sk': GSI2.sortKey },
          ExpressionAttributeValues: { ':pk': partition, ':cutoff': cutoff },
          Limit: limit,
        }),
      ),
    ),
  );
  return pages.flatMap((page) => page.Items ?? []);
}

/** Strongly consistent reads of a few items in one round trip; throttled keys are read one by one. */
export async function batchGetConsistent(keys: readonly Key[]): Promise<Item[]> {
  const { client, tableName } = table();
  const { Responses, UnprocessedKeys } = await client.send(
    new BatchGetCommand({ RequestItems: { [tableName]: { Keys: [...keys], ConsistentRead: true } } }),
  );
  const items = Responses?.[tableName] ?? [];
  for (const key of UnprocessedKeys?.[tableName]?.Keys ?? []) {
    const Item = await getItem(key as Key);
    if (Item) items.push(Item);
  }
  return items;
}

export function findByKey(items: readonly Item[], key: Key): Item | undefined {
  return items.find((item) => item.PK === key.PK && item.SK === key.SK);
}

/** Writes `item` whatever is stored under its key (the entity is replaced as a whole). */
export async function putItem(item: Item): Promise<void> {
  const { client, tableName } = table();
  await client.send(new PutCommand({ TableName: tableName, Item: item }));
}

/** The condition of a conditional write. */
export type Condition = Pick<
  PutCommandInput,
  'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
>;

const ABSENT: Condition = { ConditionExpression: 'attribute_not_exists(PK)' };
const atVersion = (expectedVersion: number): Condition => ({
  ConditionExpression: 'version = :expected',
  ExpressionAttributeValues: { ':expected': expectedVersion },
});

/** A transaction item that puts `item` only where nothing is stored under its key. */
export function newItemPut(item: Item, options: { returnExisting?: boolean } = {}): TransactItem {
  // returnExisting: the holder comes back with the cancellation, so no second read is needed to answer with it.
  return {
    Put: {
      TableName: table().tableName,
      Item: item,
      ...ABSENT,
      ...(options.returnExisting ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
    },
  };
}

/** A transaction item that puts `item` only if the stored one is still at `expectedVersion`. */
export function versionedPut(item: Item, expectedVersion: number): TransactItem {
  return { Put: { TableName: table().tableName, Item: item, ...atVersion(expectedVersion) } };
}

const sendPut = (item: Item, condition: Condition) => {
  const { client, tableName } = table();
  return client.send(new PutCommand({ TableName: tableName, Item: item, ...condition }));
};

/** Writes `item` only if `condition` holds for what is stored under its key; else the conflict. */
export async function putIf(item: Item, condition: Condition, onConflict: OnConflict): Promise<void> {
  await conditionally(() => sendPut(item, condition), onConflict);
}

/** Writes a new entity; if its key is taken, the conflict error. */
export async function putNew(item: Item, onConflict: OnConflict): Promise<void> {
  await putIf(item, ABSENT, onConflict);
}

/** Writes a new entity if its key is free: true if written, false if something is stored there already. */
export async function putIfAbsent(item: Item): Promise<boolean> {
  try {
    await sendPut(item, ABSENT);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Writes a new entity, or answers the one already stored under its key (`find` reads it): a retried
 * create finds its first attempt's record instead of failing.
 */
export async function putNewOrFind<T>(
  item: Item,
  find: () => Promise<T | undefined>,
): Promise<{ created: true } | { created: false; existing: T }> {
  try {
    await sendPut(item, ABSENT);
    return { created: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await find();
    // Gone again between the write and the read: nothing to answer with, so the failure stands.
    if (!existing) throw error;
    return { created: false, existing };
  }
}

/** Writes `item` only if the stored item is still at `expectedVersion` (optimistic concurrency); else the conflict. */
export async function putIfVersion(item: Item, expectedVersion: number, onConflict: OnConflict): Promise<void> {
  await putIf(item, atVersion(expectedVersion), onConflict);
}

/** Deletes an entity only if the stored one is still at `expectedVersion`; else the conflict. */
export async function deleteIfVersion(key: Key, expectedVersion: number, onConflict: OnConflict): Promise<void> {
  const { client, tableName } = table();
  await conditionally(
    () => client.send(new DeleteCommand({ TableName: tableName, Key: key, ...atVersion(expectedVersion) })),
    onConflict,
  );
}

/** The write of an entity kept under a version: the first (`null`: nothing stored yet) or the next. */
export async function putVersioned(item: Item, expectedVersion: number | null, onConflict: OnConflict): Promise<void> {
  if (expectedVersion === null) await putNew(item, onConflict);
  else await putIfVersion(item, expectedVersion, onConflict);
}

/** One TransactWriteItems; a failed condition in any of its items becomes the conflict error. */
export async function transactWrite(items: TransactItem[], onConflict: OnConflict): Promise<void> {
  const { client } = table();
  await conditionally(() => client.send(new TransactWriteCommand({ TransactItems: items })), onConflict);
}

/** Deletes an item whether or not it exists. */
export async function deleteItem(key: Key): Promise<void> {
  const { client, tableName } = table();
  await client.send(new DeleteCommand({ TableName: tableName, Key: key }));
}

/** Deletes the items of `keys` in one transaction: all of them, or none when it fails. */
export async function deleteTogether(keys: readonly Key[]): Promise<void> {
  const { client, tableName } = table();
  const deletes = keys.map((Key) => ({ Delete: { TableName: tableName, Key } }));
  await client.send(new TransactWriteCommand({ TransactItems: deletes }));
}

/** Deletes an item; true if there was one. */
export async function deleteExisting(key: Key): Promise<boolean> {
  const { client, tableName } = table();
  const { Attributes } = await client.send(
    new DeleteCommand({ TableName: tableName, Key: key, ReturnValues: 'ALL_OLD' }),
  );
  return Attributes !== undefined;
}

/**
 * Updates an item only if it still exists: an item deleted meanwhile is not brought back as a half
 * item (an update alone would create one). A missing item is no error.
 */
export async function updateIfExists(
  key: Key,
  update: Pick<UpdateCommandInput, 'UpdateExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
): Promise<void> {
  const { client, tableName } = table();
  try {
    await client.send(new UpdateCommand({ TableName: tableName, Key: key, ...update, ConditionExpression: EXISTS }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
