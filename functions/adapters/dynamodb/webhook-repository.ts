// adapter: WebhookRepository on the single table (see table-design.ts). The rate limit and the
// last-triggered record are written with the run itself (run-repository.ts).
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { WebhookRepository } from '#core/ports';
import type { WebhookTrigger } from '#core/webhooks/model';
import { table } from './client.ts';
import { keys } from './table-design.ts';

function toTrigger(item: Record<string, unknown>): WebhookTrigger {
  const { PK: _pk, SK: _sk, entity: _entity, ...trigger } = item;
  return trigger as unknown as WebhookTrigger;
}

export class DynamoWebhookRepository implements WebhookRepository {
  async get(workspaceId: string, canvasId: string, triggerNodeId: string): Promise<WebhookTrigger | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.webhookTrigger(workspaceId, canvasId, triggerNodeId), ConsistentRead: true }),
    );
    return Item ? toTrigger(Item) : undefined;
  }

  async create(trigger: WebhookTrigger) {
    const { client, tableName } = table();
    try {
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: { ...keys.webhookTrigger(trigger.workspaceId, trigger.canvasId, trigger.triggerNodeId), entity: 'WebhookTrigger', ...trigger },
                ConditionExpression: 'attribute_not_exists(PK)',
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...keys.webhookSecret(trigger.secretHash),
                  entity: 'WebhookSecret',
                  workspaceId: trigger.workspaceId,
                  canvasId: trigger.canvasId,
                  triggerNodeId: trigger.triggerNodeId,
                  secretHash: trigger.secretHash,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
      return { created: true as const };
    } catch (error) {
      // A concurrent register of the same node won: answer with its trigger.
      const holder = error instanceof TransactionCanceledException ? error.CancellationReasons?.[0] : undefined;
      if (holder?.Code === 'ConditionalCheckFailed' && holder.Item) return { created: false as const, existing: toTrigger(unmarshall(holder.Item)) };
      throw error;
    }
  }

  async delete(trigger: Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId' | 'secretHash'>): Promise<void> {
    const { client, tableName } = table();
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName, Key: keys.webhookTrigger(trigger.workspaceId, trigger.canvasId, trigger.triggerNodeId) } },
          { Delete: { TableName: tableName, Key: keys.webhookSecret(trigger.secretHash) } },
        ],
      }),
    );
  }

  async findBySecretHash(secretHash: string) {
    const { client, tableName } = table();
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.webhookSecret(secretHash), ConsistentRead: true }));
    if (!Item) return undefined;
    return { workspaceId: Item.workspaceId as string, canvasId: Item.canvasId as string, triggerNodeId: Item.triggerNodeId as string, secretHash };
  }

  async listForCanvas(workspaceId: string, canvasId: string): Promise<WebhookTrigger[]> {
    const { client, tableName } = table();
    const result = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.workspacePartition(workspaceId), ':prefix': keys.webhookTriggerPrefix(canvasId) },
        ConsistentRead: true,
      }),
    );
    return (result.Items ?? []).map(toTrigger);
  }
}
