import type { DraftExport, InstallationRecord, SyncTarget } from '#core/codehost/model';
import type { CodeHostRepository } from '#core/codehost/ports';
import { NotFoundError } from '#core/errors';
import {
  deleteItem,
  getEntity,
  putIf,
  putIfAbsent,
  putItem,
  putNew,
  queryAll,
  toEntities,
  updateIfExists,
} from './entities.ts';
import { GSI1, keys } from './table-design.ts';

export class DynamoCodeHostRepository implements CodeHostRepository {
  async getInstallation(installationId: number) {
    return getEntity<InstallationRecord>(keys.codehostInstallation(installationId));
  }

  async linkInstallation(record: InstallationRecord) {
    await putNew(
      {
        ...keys.codehostInstallation(record.installationId),
        ...keys.codehostInstallationByWorkspace(record.workspaceId, record.installationId),
        entity: 'CodeHostInstallation',
        ...record,
      },
      // Lost the race to another workspace: answer as if it never existed for this one.
      () => new NotFoundError(`Installation ${record.installationId} is not available to this workspace`),
    );
  }

  async updateInstallation(
    installationId: number,
    changes: Partial<Pick<InstallationRecord, 'suspended' | 'repositorySelection' | 'account' | 'updatedAt'>>,
  ) {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return;
    // Deleted meanwhile: nothing to update.
    await updateIfExists(keys.codehostInstallation(installationId), {
      UpdateExpression: `SET ${entries.map((_, at) => `#f${at} = :v${at}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], at) => [`#f${at}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], at) => [`:v${at}`, value])),
    });
  }

  async deleteInstallation(installationId: number) {
    await deleteItem(keys.codehostInstallation(installationId));
  }

  async listInstallations(workspaceId: string) {
    const items = await queryAll({
      IndexName: GSI1.indexName,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.codehostWorkspacePartition(workspaceId) },
    });
    return toEntities<InstallationRecord>(items);
  }

  async getSyncTarget(workspaceId: string) {
    return getEntity<SyncTarget>(keys.codehostSyncTarget(workspaceId));
  }

  async putSyncTarget(target: SyncTarget) {
    await putItem({
      ...keys.codehostSyncTarget(target.workspaceId),
      ...keys.codehostSyncTargetByRepository(target.installationId, target.repository, target.workspaceId),
      entity: 'CodeHostSyncTarget',
      ...target,
    });
  }

  async syncTargetsOf(installationId: number, repository: string) {
    const items = await queryAll({
      IndexName: GSI1.indexName,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.codehostRepositoryPartition(installationId, repository) },
    });
    return toEntities<SyncTarget>(items);
  }

  async recordRemoteHead(workspaceId: string, head: string, at: string) {
    await updateIfExists(keys.codehostSyncTarget(workspaceId), {
      UpdateExpression: 'SET remoteHead = :head, remoteHeadAt = :at',
      ExpressionAttributeValues: { ':head': head, ':at': at },
    });
  }

  async getExport(workspaceId: string, exportId: string) {
    return getEntity<DraftExport>(keys.codehostExport(workspaceId, exportId));
  }

  async putExport(draft: DraftExport, expectedStatus: DraftExport['status'] | null) {
    const item = { ...keys.codehostExport(draft.workspaceId, draft.exportId), entity: 'CodeHostExport', ...draft };
    const conflict = 'The export changed concurrently';
    if (expectedStatus === null) return putNew(item, conflict);
    // An export moves on by its status, not a version: only the status it was read in may be left.
    await putIf(
      item,
      {
        ConditionExpression: '#status = :expected',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':expected': expectedStatus },
      },
      conflict,
    );
  }

  /** No TTL attribute: a body-only signature never expires, so neither may its claim. */
  async claimDelivery(claim: string) {
    return putIfAbsent({ ...keys.githubDelivery(claim), entity: 'GithubDelivery' });
  }

  async releaseDelivery(claim: string) {
    await deleteItem(keys.githubDelivery(claim));
  }
}
