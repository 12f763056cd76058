// adapter: CodeHostRepository on the single table (see table-design.ts: GitHub installation, Sync target,
// Draft-PR export, GitHub delivery).
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DraftExport, InstallationRecord, SyncTarget } from '#core/codehost/model';
import type { CodeHostRepository } from '#core/codehost/ports';
import { NotFoundError } from '#core/errors';
import { table } from './client.ts';
import { conditionally, isConditionFailure } from './errors.ts';
import { queryAll } from './operations.ts';
import { GSI1, keys, TTL_ATTRIBUTE } from './table-design.ts';

type Item = Record<string, unknown>;
const strip = <T>(item: Item): T => {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, entity: _entity, ...record } = item;
  return record as T;
};

async function getItem(key: { PK: string; SK: string }): Promise<Item | undefined> {
  const { client, tableName } = table();
  return (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
}

export class DynamoCodeHostRepository implements CodeHostRepository {
  async getInstallation(installationId: number) {
    const item = await getItem(keys.codehostInstallation(installationId));
    return item ? strip<InstallationRecord>(item) : undefined;
  }

  async linkInstallation(record: InstallationRecord) {
    const { client, tableName } = table();
    await conditionally(
      () =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.codehostInstallation(record.installationId),
              ...keys.codehostInstallationByWorkspace(record.workspaceId, record.installationId),
              entity: 'CodeHostInstallation',
              ...record,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        ),
      // Lost the race to another workspace: answer as if it never existed for this one.
      () => new NotFoundError(`Installation ${record.installationId} is not available to this workspace`),
    );
  }

  async updateInstallation(
    installationId: number,
    changes: Partial<Pick<InstallationRecord, 'suspended' | 'repositorySelection' | 'account' | 'updatedAt'>>,
  ) {
    const { client, tableName } = table();
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return;
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.codehostInstallation(installationId),
          UpdateExpression: `SET ${entries.map((_, at) => `#f${at} = :v${at}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: Object.fromEntries(entries.map(([name], at) => [`#f${at}`, name])),
          ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], at) => [`:v${at}`, value])),
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // deleted meanwhile: nothing to update
    }
  }

  async deleteInstallation(installationId: number) {
    const { client, tableName } = table();
    await client.send(new DeleteCommand({ TableName: tableName, Key: keys.codehostInstallation(installationId) }));
  }

  async listInstallations(workspaceId: string) {
    const items = await queryAll({
      IndexName: GSI1.indexName,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.codehostWorkspacePartition(workspaceId) },
    });
    return items.map((item) => strip<InstallationRecord>(item));
  }

  async getSyncTarget(workspaceId: string) {
    const item = await getItem(keys.codehostSyncTarget(workspaceId));
    return item ? strip<SyncTarget>(item) : undefined;
  }

  async putSyncTarget(target: SyncTarget) {
    const { client, tableName } = table();
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.codehostSyncTarget(target.workspaceId),
          ...keys.codehostSyncTargetByRepository(target.installationId, target.repository, target.workspaceId),
          entity: 'CodeHostSyncTarget',
          ...target,
        },
      }),
    );
  }

  async syncTargetsOf(installationId: number, repository: string) {
    const items = await queryAll({
      IndexName: GSI1.indexName,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.codehostRepositoryPartition(installationId, repository) },
    });
    return items.map((item) => strip<SyncTarget>(item));
  }

  async recordRemoteHead(workspaceId: string, head: string, at: string) {
    const { client, tableName } = table();
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.codehostSyncTarget(workspaceId),
          UpdateExpression: 'SET remoteHead = :head, remoteHeadAt = :at',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':head': head, ':at': at },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async getExport(workspaceId: string, exportId: string) {
    const item = await getItem(keys.codehostExport(workspaceId, exportId));
    return item ? strip<DraftExport>(item) : undefined;
  }

  async putExport(draft: DraftExport, expectedStatus: DraftExport['status'] | null) {
    const { client, tableName } = table();
    await conditionally(
      () =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.codehostExport(draft.workspaceId, draft.exportId), entity: 'CodeHostExport', ...draft },
            ...(expectedStatus === null
              ? { ConditionExpression: 'attribute_not_exists(PK)' }
              : {
                  ConditionExpression: '#status = :expected',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':expected': expectedStatus },
                }),
          }),
        ),
      'The export changed concurrently',
    );
  }

  async claimDelivery(deliveryId: string, ttlSeconds: number) {
    const { client, tableName } = table();
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.githubDelivery(deliveryId),
            entity: 'GithubDelivery',
            [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + ttlSeconds,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async releaseDelivery(deliveryId: string) {
    const { client, tableName } = table();
    await client.send(new DeleteCommand({ TableName: tableName, Key: keys.githubDelivery(deliveryId) }));
  }
}

export const codehostRecords = new DynamoCodeHostRepository();
