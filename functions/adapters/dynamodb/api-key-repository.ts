// adapter: ApiKeyRepository on the single table (see table-design.ts: ApiKey record + lookup items).
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyLookup, ApiKeyRecord } from '#core/keys/api-key';
import type { ApiKeyRepository } from '#core/ports';
import { table } from './client.ts';
import { conditionally } from './errors.ts';
import { queryPrefix } from './operations.ts';
import { keys, TTL_ATTRIBUTE } from './table-design.ts';

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function lookupItem(lookup: ApiKeyLookup) {
  return {
    ...keys.apiKeyLookup(lookup.keyHash),
    entity: 'ApiKeyLookup',
    workspaceId: lookup.workspaceId,
    keyId: lookup.keyId,
    scopes: lookup.scopes,
    expiresAt: lookup.expiresAt,
    // DynamoDB removes expired lookups by itself; authenticate() also checks expiresAt.
    ...(lookup.expiresAt ? { [TTL_ATTRIBUTE]: epochSeconds(lookup.expiresAt) } : {}),
  };
}

function toRecord(item: Record<string, unknown>): ApiKeyRecord {
  const { PK: _pk, SK: _sk, entity: _entity, ...record } = item;
  return record as unknown as ApiKeyRecord;
}

export function recordItem(record: ApiKeyRecord) {
  return { ...keys.apiKeyRecord(record.workspaceId, record.id), entity: 'ApiKey', ...record };
}

export class DynamoApiKeyRepository implements ApiKeyRepository {
  async findLookup(keyHash: string): Promise<ApiKeyLookup | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.apiKeyLookup(keyHash), ConsistentRead: true }),
    );
    if (!Item) return undefined;
    return {
      keyHash,
      workspaceId: Item.workspaceId,
      keyId: Item.keyId,
      scopes: Item.scopes,
      expiresAt: Item.expiresAt ?? null,
    };
  }

  async create(record: ApiKeyRecord, lookup: ApiKeyLookup): Promise<void> {
    const { client, tableName } = table();
    await conditionally(
      () =>
        client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: recordItem(record),
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: lookupItem(lookup),
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        ),
      'An API key with this value or id already exists',
    );
  }

  async get(workspaceId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.apiKeyRecord(workspaceId, keyId), ConsistentRead: true }),
    );
    return Item ? toRecord(Item) : undefined;
  }

  async revoke(record: ApiKeyRecord, revokedAt: string): Promise<void> {
    const { client, tableName } = table();
    await conditionally(
      () =>
        client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.apiKeyRecord(record.workspaceId, record.id),
                  UpdateExpression: 'SET revokedAt = :revokedAt',
                  ConditionExpression: 'attribute_exists(PK) AND revokedAt = :null',
                  ExpressionAttributeValues: { ':revokedAt': revokedAt, ':null': null },
                },
              },
              // Deleting the lookup is what makes the key stop working, in the same instant.
              { Delete: { TableName: tableName, Key: keys.apiKeyLookup(record.keyHash) } },
            ],
          }),
        ),
      'API key was revoked concurrently',
    );
  }

  async list(workspaceId: string, page: { limit: number; cursor?: string }) {
    const { items, nextCursor } = await queryPrefix(keys.workspacePartition(workspaceId), keys.apiKeyPrefix, page);
    return { items: items.map(toRecord), nextCursor };
  }
}
