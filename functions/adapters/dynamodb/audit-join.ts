// adapter: the audit entry joins the change's own write (docs/audit.md). Every write of a function goes
// through the one document client (client.ts), which hands it here: inside an audit scope
// (#core/audit/scope), the first write that touches the scope's kind of item (AUDITED_ITEMS) carries
// the entry's Put — appended to its TransactWriteItems, or turned with it into a two-item transaction
// when it was a single Put, Update or Delete. Both commit or neither does: an entry cannot be missing
// while its change stands, nor stand for a change that failed.
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { AUDIT_RETENTION_DAYS, type AuditEntry } from '#core/audit/model';
import { currentAudit, entryOf, type AuditScope } from '#core/audit/scope';
import { AUDITED_ITEMS } from './audited-items.ts';
import { keys, TTL_ATTRIBUTE } from './table-design.ts';

type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommand['input']['TransactItems']>[number];
/** DynamoDB's limit of items in one TransactWriteItems. */
const MAX_TRANSACT_ITEMS = 100;
/** The fields a single write may have and still become an item of a transaction. */
const JOINABLE_FIELDS = new Set([
  'TableName',
  'Item',
  'Key',
  'UpdateExpression',
  'ConditionExpression',
  'ExpressionAttributeNames',
  'ExpressionAttributeValues',
  'ReturnValuesOnConditionCheckFailure',
  'ReturnValues',
]);

/** The stored item of an entry: in its workspace's partition, keyed by time, gone after 90 days. */
export function auditItem(entry: AuditEntry): Item {
  const expires = Math.floor(Date.parse(entry.at) / 1000) + AUDIT_RETENTION_DAYS * 86_400;
  return {
    ...keys.auditEntry(entry.workspaceId, entry.at, entry.id),
    entity: 'AuditEntry',
    ...entry,
    [TTL_ATTRIBUTE]: expires,
  };
}

/** The resource an audited item is: its id from the sort key, its name when the write carries one. */
function resourceOf(
  scope: AuditScope,
  key: Item,
  item: Item | undefined,
  prefix: string,
): { id: string; name?: string } {
  const rest = String(key.SK).slice(prefix.length).split('#');
  // Singletons (WORKSPACE, CBSECRET, INTPOLICY) are the workspace's; a credential's key ends with its id.
  const id = rest[0] === '' ? scope.workspaceId : scope.resourceKind === 'published-credential' ? rest.at(-1) : rest[0];
  const name = typeof item?.name === 'string' ? item.name : undefined;
  return {
    id: scope.resourceKind === 'webhook' ? rest.join('/') : (id ?? scope.workspaceId),
    ...(name ? { name } : {}),
  };
}

/** Which of the items the scope's kind names this is, if any. */
function audited(scope: AuditScope, key: Item | undefined, item?: Item) {
  if (!key || key.PK !== keys.workspacePartition(scope.workspaceId) || typeof key.SK !== 'string') return undefined;
  const prefix = AUDITED_ITEMS[scope.resourceKind].find((candidate) => String(key.SK).startsWith(candidate));
  return prefix === undefined ? undefined : resourceOf(scope, key, item, prefix);
}

interface Joined {
  command: TransactWriteCommand;
  entry: AuditEntry;
  /** The single write that became a transaction: its answer and failures are translated back. */
  single?: { kind: 'put' | 'update' | 'delete'; input: Item };
}

function keyOf(write: Item): Item | undefined {
  return (write.Key as Item | undefined) ?? (write.Item as Item | undefined);
}

/** The command with the entry joined, or undefined when this write is not the scope's change (or cannot carry it). */
function join(scope: AuditScope, command: unknown, tableName: string): Joined | undefined {
  const put = (entry: AuditEntry): TransactItem => ({ Put: { TableName: tableName, Item: auditItem(entry) } });
  if (command instanceof TransactWriteCommand) {
    const items = command.input.TransactItems ?? [];
    if (items.length >= MAX_TRANSACT_ITEMS) return undefined;
    for (const item of items) {
      const write = (item.Put ?? item.Update ?? item.Delete) as Item | undefined;
      const resource = write && audited(scope, keyOf(write), item.Put?.Item);
      if (!resource) continue;
      const entry = entryOf(scope, resource, 'with-change');
      return { command: new TransactWriteCommand({ ...command.input, TransactItems: [...items, put(entry)] }), entry };
    }
    return undefined;
  }
  const kind =
    command instanceof PutCommand
      ? 'put'
      : command instanceof UpdateCommand
        ? 'update'
        : command instanceof DeleteCommand
          ? 'delete'
          : undefined;
  if (!kind) return undefined;
  const input = (command as PutCommand | UpdateCommand | DeleteCommand).input as Item;
  // A transaction item returns nothing but ALL_NEW, which an Update gets back by reading its item again.
  // A Delete that answers the old item (whether there was one) gets it from a read just before.
  const returns = input.ReturnValues;
  const readsBack = (kind === 'update' && returns === 'ALL_NEW') || (kind === 'delete' && returns === 'ALL_OLD');
  if (returns !== undefined && returns !== 'NONE' && !readsBack) return undefined;
  if (kind === 'delete' && returns === 'ALL_OLD' && input.ConditionExpression !== undefined) return undefined;
  if (Object.keys(input).some((field) => !JOINABLE_FIELDS.has(field))) return undefined;
  const resource = audited(scope, keyOf(input), input.Item as Item | undefined);
  if (!resource) return undefined;
  const { ReturnValues: _, ...write } = input;
  const entry = entryOf(scope, resource, 'with-change');
  const change = (
    kind === 'put' ? { Put: write } : kind === 'update' ? { Update: write } : { Delete: write }
  ) as TransactItem;
  return { command: new TransactWriteCommand({ TransactItems: [change, put(entry)] }), entry, single: { kind, input } };
}

/** A single write's failed condition, as the single write would have thrown it (repositories test for it). */
function asSingleFailure(error: unknown): unknown {
  if (!(error instanceof TransactionCanceledException)) return error;
  const reason = error.CancellationReasons?.[0];
  if (reason?.Code !== 'ConditionalCheckFailed') return error;
  return new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    $metadata: error.$metadata,
    ...(reason.Item ? { Item: reason.Item } : {}),
  });
}

const isWrite = (command: unknown) =>
  [PutCommand, UpdateCommand, DeleteCommand, TransactWriteCommand, BatchWriteCommand].some(
    (kind) => command instanceof kind,
  );

/** Routes every write of `client` through the audit join; outside a scope, or for other writes, nothing changes. */
export function auditWrites(client: DynamoDBDocumentClient, tableName: string): void {
  const send = client.send.bind(client) as (command: unknown, ...rest: unknown[]) => Promise<unknown>;
  const audited = async (command: unknown, ...rest: unknown[]): Promise<unknown> => {
    const scope = currentAudit();
    const joined = scope && !scope.written ? join(scope, command, tableName) : undefined;
    if (scope && !joined && isWrite(command)) scope.otherWrites++;
    if (!scope || !joined) return send(command, ...rest);
    const single = joined.single;
    const read = async () =>
      (
        (await send(
          new GetCommand({ TableName: tableName, Key: single?.input.Key as Item, ConsistentRead: true }),
        )) as {
          Item?: Item;
        }
      ).Item;
    if (single?.kind === 'delete' && single.input.ReturnValues === 'ALL_OLD') return deleteReturningOld(joined, read);
    try {
      const answer = await send(joined.command);
      scope.written ??= joined.entry;
      if (!single) return answer;
      return single.input.ReturnValues === 'ALL_NEW' ? { $metadata: {}, Attributes: await read() } : { $metadata: {} };
    } catch (error) {
      throw single ? asSingleFailure(error) : error;
    }
  };
  client.send = audited as typeof client.send;

  /**
   * deleteExisting's Delete (ALL_OLD: was there an item?) as a transaction: nothing there, nothing
   * written and no entry; else the delete, conditioned on the item still existing, with the entry.
   */
  async function deleteReturningOld(joined: Joined, read: () => Promise<Item | undefined>): Promise<unknown> {
    const old = await read();
    if (!old) return { $metadata: {} };
    const [change, entry] = joined.command.input.TransactItems ?? [];
    const exists = { ...change?.Delete, ConditionExpression: 'attribute_exists(PK)' } as NonNullable<
      TransactItem['Delete']
    >;
    try {
      await send(new TransactWriteCommand({ TransactItems: [{ Delete: exists }, entry!] }));
    } catch (error) {
      // Deleted by someone else meanwhile: not this call's change, so no entry either.
      if (asSingleFailure(error) instanceof ConditionalCheckFailedException) return { $metadata: {} };
      throw error;
    }
    const scope = currentAudit();
    if (scope) scope.written ??= joined.entry;
    return { $metadata: {}, Attributes: old };
  }
}

/** Writes an entry on its own (an export, or a change whose write could not carry it: docs/audit.md). */
export async function putAuditEntry(
  client: DynamoDBDocumentClient,
  tableName: string,
  entry: AuditEntry,
): Promise<void> {
  await client.send(new PutCommand({ TableName: tableName, Item: auditItem(entry) }));
}
