// adapter: ConnectionRepository and PolicyRepository on the single table (see table-design.ts:
// Connection, Policy). Both are written with optimistic concurrency on `version`.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectionRecord } from '#core/integrations/connections';
import type { ConnectionRepository, PolicyRepository } from '#core/integrations/ports';
import type { WorkspacePolicy } from '#core/integrations/policies';
import type { CredentialProvider } from '#core/integrations/providers';
import { table } from './client.ts';
import { conditionally } from './errors.ts';
import { queryAll } from './operations.ts';
import { keys } from './table-design.ts';

type Item = Record<string, unknown>;

const strip = <T>(item: Item): T => {
  const { PK: _pk, SK: _sk, entity: _entity, ...record } = item;
  return record as T;
};

async function putVersioned(item: Item, expectedVersion: number | null, conflict: string): Promise<void> {
  const { client, tableName } = table();
  await conditionally(
    () =>
      client.send(
        new PutCommand({
          TableName: tableName,
          Item: item,
          ...(expectedVersion === null
            ? { ConditionExpression: 'attribute_not_exists(PK)' }
            : {
                ConditionExpression: 'version = :expected',
                ExpressionAttributeValues: { ':expected': expectedVersion },
              }),
        }),
      ),
    conflict,
  );
}

async function getItem(key: { PK: string; SK: string }): Promise<Item | undefined> {
  const { client, tableName } = table();
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  return Item;
}

export class DynamoConnectionRepository implements ConnectionRepository {
  async get(workspaceId: string, provider: CredentialProvider): Promise<ConnectionRecord | undefined> {
    const item = await getItem(keys.connection(workspaceId, provider));
    return item ? strip<ConnectionRecord>(item) : undefined;
  }

  async list(workspaceId: string): Promise<ConnectionRecord[]> {
    // At most one item per credential provider: a bounded read, no paging needed. The sealed part is
    // not even read for a listing.
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.workspacePartition(workspaceId), ':prefix': keys.connectionPrefix },
      ProjectionExpression:
        '#provider, #label, #status, masked, createdAt, updatedAt, revokedAt, updatedBy, allowedOrigins, version, workspaceId',
      ExpressionAttributeNames: { '#provider': 'provider', '#label': 'label', '#status': 'status' },
    });
    return items.map((item) => strip<ConnectionRecord>(item));
  }

  async put(record: ConnectionRecord, expectedVersion: number | null): Promise<void> {
    await putVersioned(
      { ...keys.connection(record.workspaceId, record.provider), entity: 'Connection', ...record },
      expectedVersion,
      `The ${record.provider} connection changed concurrently; try again`,
    );
  }
}

export class DynamoPolicyRepository implements PolicyRepository {
  async get(workspaceId: string): Promise<WorkspacePolicy | undefined> {
    const item = await getItem(keys.integrationPolicy(workspaceId));
    return item ? strip<WorkspacePolicy>(item) : undefined;
  }

  async put(policy: WorkspacePolicy, expectedVersion: number | null): Promise<void> {
    await putVersioned(
      { ...keys.integrationPolicy(policy.workspaceId), entity: 'IntegrationPolicy', ...policy },
      expectedVersion,
      'The integration policy changed concurrently; try again',
    );
  }
}

export const connections = new DynamoConnectionRepository();
export const policies = new DynamoPolicyRepository();
