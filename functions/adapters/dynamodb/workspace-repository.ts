// adapter: WorkspaceRepository on the single table (Workspace, Member and bootstrap marker items).
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '#core/errors';
import type { WorkspaceRepository } from '#core/ports';
import type { Member, Workspace } from '#core/workspaces/model';
import { lookupItem, recordItem } from './api-key-repository.ts';
import { table } from './client.ts';
import { conditionally, isConditionFailure } from './errors.ts';
import { getItem, newItemPut, queryPrefix, type TransactItem } from './entities.ts';
import { keys } from './table-design.ts';

function toWorkspace(item: Record<string, unknown>): Workspace {
  return {
    id: item.id as string,
    name: item.name as string,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
  };
}

export class DynamoWorkspaceRepository implements WorkspaceRepository {
  async get(workspaceId: string): Promise<Workspace | undefined> {
    const item = await getItem(keys.workspace(workspaceId), { consistent: false });
    return item ? toWorkspace(item) : undefined;
  }

  async rename(workspaceId: string, name: string, updatedAt: string): Promise<Workspace> {
    const { client, tableName } = table();
    const { Attributes } = await conditionally(
      () =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.workspace(workspaceId),
            UpdateExpression: 'SET #name = :name, updatedAt = :updatedAt',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: { ':name': name, ':updatedAt': updatedAt },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      () => new NotFoundError('Workspace not found'),
    );
    return toWorkspace(Attributes ?? {});
  }

  async listMembers(workspaceId: string, page: { limit: number; cursor?: string }) {
    const { items, nextCursor } = await queryPrefix(keys.workspacePartition(workspaceId), keys.memberPrefix, page);
    const members = items.map(
      (item): Member => ({
        workspaceId: item.workspaceId as string,
        userId: item.userId as string,
        email: item.email as string,
        role: item.role as Member['role'],
        joinedAt: item.joinedAt as string,
      }),
    );
    return { items: members, nextCursor };
  }

  async provision(input: Parameters<WorkspaceRepository['provision']>[0]): Promise<boolean> {
    const { client, tableName } = table();
    const { workspace, owner, key } = input;
    const items: TransactItem[] = [
      newItemPut({ ...keys.workspace(workspace.id), entity: 'Workspace', ...workspace }),
      {
        Put: {
          TableName: tableName,
          Item: { ...keys.member(owner.workspaceId, owner.userId), entity: 'Member', ...owner },
        },
      },
      newItemPut(recordItem(key.record)),
      newItemPut(lookupItem(key.lookup)),
    ];
    if (input.onceMarker) {
      items.push(
        newItemPut({
          ...keys.bootstrapMarker(),
          entity: 'BootstrapMarker',
          workspaceId: workspace.id,
          createdAt: workspace.createdAt,
        }),
      );
    }
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      // Only the once-marker can legitimately exist already: the ids are fresh.
      if (input.onceMarker && isConditionFailure(error)) return false;
      throw error;
    }
  }
}
