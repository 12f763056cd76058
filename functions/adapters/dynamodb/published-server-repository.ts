// adapter: PublishedServerRepository and PublishedSpendReader on the single table (see table-design.ts).
//   server      WS#<ws> / PUBSERVER#<id>         the server (and its pinned canvas, when pinned)
//   slug        PUBSLUG#<slug> / PUBSLUG         claims the URL; written with the server in one transaction
//   credential  WS#<ws> / PUBCRED#<srv>#<id>     the listing record (never the credential)
//   lookup      UMCPHASH#<sha256> / UMCPHASH     what authentication reads; deleted by revocation (TTL at expiry)
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '#core/errors';
import type { PublishedServerRepository, PublishedSpendReader } from '#core/published/ports';
import type { PublishedCredentialLookup, PublishedCredentialRecord, PublishedServer } from '#core/published/model';
import { table } from './client.ts';
import { DynamoLedgerReader } from './ledger-reader.ts';
import { isConditionFailure } from './errors.ts';
import { keys, TTL_ATTRIBUTE } from './table-design.ts';

const OWN = ['PK', 'SK', 'entity', TTL_ATTRIBUTE];
function strip<T>(item: Record<string, unknown>): T {
  const copy = { ...item };
  for (const name of OWN) delete copy[name];
  return copy as T;
}

async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  const { client, tableName } = table();
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

export class DynamoPublishedServerRepository implements PublishedServerRepository {
  async get(workspaceId: string, serverId: string): Promise<PublishedServer | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.publishedServer(workspaceId, serverId), ConsistentRead: true }),
    );
    return Item ? strip<PublishedServer>(Item) : undefined;
  }

  async findBySlug(slug: string): Promise<PublishedServer | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.publishedSlug(slug), ConsistentRead: true }),
    );
    if (!Item) return undefined;
    return this.get(Item.workspaceId as string, Item.serverId as string);
  }

  async create(server: PublishedServer): Promise<void> {
    const { client, tableName } = table();
    try {
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...keys.publishedSlug(server.slug),
                  entity: 'PublishedSlug',
                  workspaceId: server.workspaceId,
                  serverId: server.id,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: tableName,
                Item: { ...keys.publishedServer(server.workspaceId, server.id), entity: 'PublishedServer', ...server },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (isConditionFailure(error))
        throw new ConflictError(`The slug ${server.slug} is taken; choose another`, { cause: error });
      throw error;
    }
  }

  async replace(server: PublishedServer): Promise<void> {
    const { client, tableName } = table();
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.publishedServer(server.workspaceId, server.id), entity: 'PublishedServer', ...server },
          // Unpublished meanwhile: do not bring it back half-way (its slug is gone).
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError('This server was unpublished meanwhile', { cause: error });
      throw error;
    }
  }

  async delete(server: PublishedServer): Promise<void> {
    const { client, tableName } = table();
    const credentials = await this.listCredentials(server.workspaceId, server.id);
    // Lookups first: once they are gone no credential of this server authenticates, whatever happens next.
    for (const credential of credentials) {
      await client.send(
        new DeleteCommand({ TableName: tableName, Key: keys.publishedCredentialLookup(credential.keyHash) }),
      );
    }
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName, Key: keys.publishedSlug(server.slug) } },
          { Delete: { TableName: tableName, Key: keys.publishedServer(server.workspaceId, server.id) } },
        ],
      }),
    );
    for (const credential of credentials) {
      await client.send(
        new DeleteCommand({
          TableName: tableName,
          Key: keys.publishedCredential(server.workspaceId, server.id, credential.id),
        }),
      );
    }
  }

  async list(workspaceId: string): Promise<PublishedServer[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.workspacePartition(workspaceId),
        ':prefix': keys.publishedServerPrefix,
      },
      ConsistentRead: true,
    });
    return items.map((item) => strip<PublishedServer>(item));
  }

  async createCredential(record: PublishedCredentialRecord, lookup: PublishedCredentialLookup): Promise<void> {
    const { client, tableName } = table();
    const expiry = lookup.expiresAt ? { [TTL_ATTRIBUTE]: Math.ceil(Date.parse(lookup.expiresAt) / 1000) } : {};
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            // The server must still be there: a credential of an unpublished server would open nothing anyway.
            ConditionCheck: {
              TableName: tableName,
              Key: keys.publishedServer(record.workspaceId, record.serverId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.publishedCredential(record.workspaceId, record.serverId, record.id),
                entity: 'PublishedCredential',
                ...record,
              },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.publishedCredentialLookup(lookup.keyHash),
                entity: 'PublishedCredentialLookup',
                ...lookup,
                ...expiry,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  }

  async getCredential(workspaceId: string, serverId: string, credentialId: string) {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.publishedCredential(workspaceId, serverId, credentialId),
        ConsistentRead: true,
      }),
    );
    return Item ? strip<PublishedCredentialRecord>(Item) : undefined;
  }

  async listCredentials(workspaceId: string, serverId: string): Promise<PublishedCredentialRecord[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.workspacePartition(workspaceId),
        ':prefix': keys.publishedCredentialPrefix(serverId),
      },
      ConsistentRead: true,
    });
    return items.map((item) => strip<PublishedCredentialRecord>(item));
  }

  async revokeCredential(record: PublishedCredentialRecord, revokedAt: string): Promise<void> {
    const { client, tableName } = table();
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: keys.publishedCredential(record.workspaceId, record.serverId, record.id),
              UpdateExpression: 'SET revokedAt = :at',
              ExpressionAttributeValues: { ':at': revokedAt },
            },
          },
          { Delete: { TableName: tableName, Key: keys.publishedCredentialLookup(record.keyHash) } },
        ],
      }),
    );
  }

  async findCredential(keyHash: string): Promise<PublishedCredentialLookup | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.publishedCredentialLookup(keyHash), ConsistentRead: true }),
    );
    return Item ? strip<PublishedCredentialLookup>(Item) : undefined;
  }
}

/**
 * Today's spend of a server: the usage entries of its workspace's ledger in the range that name it. One
 * Query per 500 entries of the workspace's day; a busy workspace would keep a counter instead (noted in
 * docs/published-servers.md).
 */
export class DynamoPublishedSpendReader implements PublishedSpendReader {
  private readonly ledger = new DynamoLedgerReader();

  async creditsSpent(workspaceId: string, serverId: string, from: Date, to: Date): Promise<number> {
    let spent = 0;
    // `to` is now: the range is [from, to], so reach one millisecond past it.
    for await (const entry of this.ledger.entriesBetween(workspaceId, from, new Date(to.getTime() + 1))) {
      if (entry.type === 'usage' && entry.resource?.publishedServerId === serverId) spent += -entry.credits;
    }
    return spent;
  }
}
