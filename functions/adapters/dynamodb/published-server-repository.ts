// adapter: PublishedServerRepository on the single table (see table-design.ts).
//   server      WS#<ws> / PUBSERVER#<id>         the server (and its pinned canvas, when pinned)
//   slug        PUBSLUG#<slug> / PUBSLUG         claims the URL; written with the server in one transaction
//   credential  WS#<ws> / PUBCRED#<srv>#<id>     the listing record (never the credential)
//   lookup      UMCPHASH#<sha256> / UMCPHASH     what authentication reads; deleted by revocation (TTL at expiry)
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PublishedServerRepository } from '#core/published/ports';
import type { PublishedCredentialLookup, PublishedCredentialRecord, PublishedServer } from '#core/published/model';
import { table } from './client.ts';
import {
  deleteItem,
  deleteTogether,
  getEntity,
  getItem,
  newItemPut,
  putIf,
  queryAll,
  toEntities,
  transactWrite,
} from './entities.ts';
import { keys, TTL_ATTRIBUTE } from './table-design.ts';

const serverItem = (server: PublishedServer) => ({
  ...keys.publishedServer(server.workspaceId, server.id),
  entity: 'PublishedServer',
  ...server,
});

/** Every item of a workspace whose sort key starts with `prefix` (a workspace's servers, a server's credentials). */
const inWorkspace = (workspaceId: string, prefix: string) =>
  queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.workspacePartition(workspaceId), ':prefix': prefix },
    ConsistentRead: true,
  });

export class DynamoPublishedServerRepository implements PublishedServerRepository {
  async get(workspaceId: string, serverId: string): Promise<PublishedServer | undefined> {
    return getEntity<PublishedServer>(keys.publishedServer(workspaceId, serverId));
  }

  async findBySlug(slug: string): Promise<PublishedServer | undefined> {
    const claim = await getItem(keys.publishedSlug(slug));
    if (!claim) return undefined;
    return this.get(claim.workspaceId as string, claim.serverId as string);
  }

  async create(server: PublishedServer): Promise<void> {
    await transactWrite(
      [
        newItemPut({
          ...keys.publishedSlug(server.slug),
          entity: 'PublishedSlug',
          workspaceId: server.workspaceId,
          serverId: server.id,
        }),
        newItemPut(serverItem(server)),
      ],
      `The slug ${server.slug} is taken; choose another`,
    );
  }

  async replace(server: PublishedServer): Promise<void> {
    await putIf(
      serverItem(server),
      // Unpublished meanwhile: do not bring it back half-way (its slug is gone).
      { ConditionExpression: 'attribute_exists(PK)' },
      'This server was unpublished meanwhile',
    );
  }

  async delete(server: PublishedServer): Promise<void> {
    const credentials = await this.listCredentials(server.workspaceId, server.id);
    // Lookups first: once they are gone no credential of this server authenticates, whatever happens next.
    for (const credential of credentials) await deleteItem(keys.publishedCredentialLookup(credential.keyHash));
    await deleteTogether([keys.publishedSlug(server.slug), keys.publishedServer(server.workspaceId, server.id)]);
    for (const credential of credentials)
      await deleteItem(keys.publishedCredential(server.workspaceId, server.id, credential.id));
  }

  async list(workspaceId: string): Promise<PublishedServer[]> {
    return toEntities<PublishedServer>(await inWorkspace(workspaceId, keys.publishedServerPrefix));
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
          newItemPut({
            ...keys.publishedCredentialLookup(lookup.keyHash),
            entity: 'PublishedCredentialLookup',
            ...lookup,
            ...expiry,
          }),
        ],
      }),
    );
  }

  async getCredential(workspaceId: string, serverId: string, credentialId: string) {
    return getEntity<PublishedCredentialRecord>(keys.publishedCredential(workspaceId, serverId, credentialId));
  }

  async listCredentials(workspaceId: string, serverId: string): Promise<PublishedCredentialRecord[]> {
    return toEntities<PublishedCredentialRecord>(
      await inWorkspace(workspaceId, keys.publishedCredentialPrefix(serverId)),
    );
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
    return getEntity<PublishedCredentialLookup>(keys.publishedCredentialLookup(keyHash));
  }
}
