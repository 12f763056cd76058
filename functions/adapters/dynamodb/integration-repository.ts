// adapter: ConnectionRepository and PolicyRepository on the single table (see table-design.ts:
// Connection, Policy). Both are written with optimistic concurrency on `version`.
import type { ConnectionRepository, PolicyRepository } from '#core/integrations/ports';
import type { CredentialProvider } from '#core/integrations/providers';
import type { ConnectionRecord, WorkspacePolicy } from '#core/integrations/records';
import { getEntity, putVersioned, queryAll, toEntities } from './entities.ts';
import { keys } from './table-design.ts';
import { WorkspaceRecord } from './workspace-record.ts';

export class DynamoConnectionRepository implements ConnectionRepository {
  async get(workspaceId: string, provider: CredentialProvider): Promise<ConnectionRecord | undefined> {
    return getEntity<ConnectionRecord>(keys.connection(workspaceId, provider));
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
    return toEntities<ConnectionRecord>(items);
  }

  async put(record: ConnectionRecord, expectedVersion: number | null): Promise<void> {
    await putVersioned(
      { ...keys.connection(record.workspaceId, record.provider), entity: 'Connection', ...record },
      expectedVersion,
      `The ${record.provider} connection changed concurrently; try again`,
    );
  }
}

export class DynamoPolicyRepository extends WorkspaceRecord<WorkspacePolicy> implements PolicyRepository {
  constructor() {
    super({
      entity: 'IntegrationPolicy',
      key: keys.integrationPolicy,
      changedConcurrently: 'The integration policy changed concurrently; try again',
    });
  }
}
