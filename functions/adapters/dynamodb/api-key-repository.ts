// adapter: ApiKeyRepository on the single table (see table-design.ts: ApiKey record + lookup items).
import type { ApiKeyLookup, ApiKeyRecord } from '#core/keys/api-key';
import type { ApiKeyRepository } from '#core/ports';
import { table } from './client.ts';
import { getEntity, getItem, newItemPut, queryPrefix, toEntity, transactWrite } from './entities.ts';
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

export function recordItem(record: ApiKeyRecord) {
  return { ...keys.apiKeyRecord(record.workspaceId, record.id), entity: 'ApiKey', ...record };
}

export class DynamoApiKeyRepository implements ApiKeyRepository {
  async findLookup(keyHash: string): Promise<ApiKeyLookup | undefined> {
    const item = await getItem(keys.apiKeyLookup(keyHash));
    if (!item) return undefined;
    return {
      keyHash,
      workspaceId: item.workspaceId as string,
      keyId: item.keyId as string,
      scopes: item.scopes as ApiKeyLookup['scopes'],
      expiresAt: (item.expiresAt as string | null | undefined) ?? null,
    };
  }

  async create(record: ApiKeyRecord, lookup: ApiKeyLookup): Promise<void> {
    await transactWrite(
      [newItemPut(recordItem(record)), newItemPut(lookupItem(lookup))],
      'An API key with this value or id already exists',
    );
  }

  async get(workspaceId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
    return getEntity<ApiKeyRecord>(keys.apiKeyRecord(workspaceId, keyId));
  }

  async revoke(record: ApiKeyRecord, revokedAt: string): Promise<void> {
    const { tableName } = table();
    await transactWrite(
      [
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
      'API key was revoked concurrently',
    );
  }

  async list(workspaceId: string, page: { limit: number; cursor?: string }) {
    const { items, nextCursor } = await queryPrefix(keys.workspacePartition(workspaceId), keys.apiKeyPrefix, page);
    return { items: items.map((item) => toEntity<ApiKeyRecord>(item)), nextCursor };
  }
}
