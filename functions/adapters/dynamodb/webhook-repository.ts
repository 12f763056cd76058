// adapter: WebhookRepository and RateLimiter on the single table (see table-design.ts).
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ConflictError, NotFoundError } from '#core/errors';
import type { RateLimiter, WebhookRepository } from '#core/ports';
import type { WebhookTrigger } from '#core/webhooks/model';
import { table } from './client.ts';
import { isConditionFailure } from './errors.ts';
import { deleteTogether, getEntity, getItem, newItemPut, toEntity, updateIfExists, type Item } from './entities.ts';
import { keys, TTL_ATTRIBUTE } from './table-design.ts';

const toTrigger = (item: Item) => toEntity<WebhookTrigger>(item);

export class DynamoWebhookRepository implements WebhookRepository {
  async get(workspaceId: string, canvasId: string, triggerNodeId: string): Promise<WebhookTrigger | undefined> {
    return getEntity<WebhookTrigger>(keys.webhookTrigger(workspaceId, canvasId, triggerNodeId));
  }

  async create(trigger: WebhookTrigger) {
    const { client } = table();
    try {
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            newItemPut(
              {
                ...keys.webhookTrigger(trigger.workspaceId, trigger.canvasId, trigger.triggerNodeId),
                entity: 'WebhookTrigger',
                ...trigger,
              },
              { returnExisting: true },
            ),
            newItemPut({
              ...keys.webhookSecret(trigger.secretHash),
              entity: 'WebhookSecret',
              workspaceId: trigger.workspaceId,
              canvasId: trigger.canvasId,
              triggerNodeId: trigger.triggerNodeId,
              secretHash: trigger.secretHash,
            }),
          ],
        }),
      );
      return { created: true as const };
    } catch (error) {
      // A concurrent register of the same node won: answer with its trigger.
      const holder = error instanceof TransactionCanceledException ? error.CancellationReasons?.[0] : undefined;
      if (holder?.Code === 'ConditionalCheckFailed' && holder.Item)
        return { created: false as const, existing: toTrigger(unmarshall(holder.Item)) };
      throw error;
    }
  }

  async delete(
    trigger: Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId' | 'secretHash'>,
  ): Promise<void> {
    await deleteTogether([
      keys.webhookTrigger(trigger.workspaceId, trigger.canvasId, trigger.triggerNodeId),
      keys.webhookSecret(trigger.secretHash),
    ]);
  }

  async findBySecretHash(secretHash: string) {
    const item = await getItem(keys.webhookSecret(secretHash));
    if (!item) return undefined;
    return {
      workspaceId: item.workspaceId as string,
      canvasId: item.canvasId as string,
      triggerNodeId: item.triggerNodeId as string,
      secretHash,
    };
  }

  async listForCanvas(workspaceId: string, canvasId: string): Promise<WebhookTrigger[]> {
    const { client, tableName } = table();
    const result = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.workspacePartition(workspaceId),
          ':prefix': keys.webhookTriggerPrefix(canvasId),
        },
        ConsistentRead: true,
      }),
    );
    return (result.Items ?? []).map(toTrigger);
  }

  async recordTriggered(
    trigger: Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId'>,
    executionId: string,
    at: string,
  ): Promise<void> {
    // Revoked meanwhile: nothing to record (and no half item resurrected).
    await updateIfExists(keys.webhookTrigger(trigger.workspaceId, trigger.canvasId, trigger.triggerNodeId), {
      UpdateExpression: 'SET lastTriggeredAt = :at, lastExecutionId = :executionId',
      ExpressionAttributeValues: { ':at': at, ':executionId': executionId },
    });
  }

  async putSigningSecrets(
    trigger: Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId' | 'secretHash'>,
    secrets: NonNullable<WebhookTrigger['signingSecrets']>,
    expectedVersion: number,
  ): Promise<void> {
    const { client, tableName } = table();
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.webhookTrigger(trigger.workspaceId, trigger.canvasId, trigger.triggerNodeId),
          UpdateExpression: 'SET signingSecrets = :secrets, signingSecretsVersion = :next',
          // The same registration (revoked and registered again is another trigger), unchanged since read.
          ConditionExpression:
            'secretHash = :hash AND (signingSecretsVersion = :expected OR (attribute_not_exists(signingSecretsVersion) AND :expected = :zero))',
          ExpressionAttributeValues: {
            ':secrets': secrets,
            ':next': expectedVersion + 1,
            ':hash': trigger.secretHash,
            ':expected': expectedVersion,
            ':zero': 0,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const current = (error as { Item?: Record<string, unknown> }).Item;
      if (!current || (current.secretHash as { S?: string } | undefined)?.S !== trigger.secretHash)
        throw new NotFoundError('This webhook was revoked meanwhile');
      throw new ConflictError('The signing secrets of this webhook changed meanwhile; read them again and retry');
    }
  }
}

export class DynamoRateLimiter implements RateLimiter {
  async hit(key: { workspaceId: string; name: string }, limit: number, windowSeconds: number, now: Date) {
    const { client, tableName } = table();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % windowSeconds);
    const windowEnd = windowStart + windowSeconds;
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.rateWindow(key.workspaceId, key.name, windowStart),
          // One atomic conditional increment: no read-then-write race between concurrent callers.
          UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count', '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': windowEnd + 60 },
        }),
      );
      return { allowed: true as const };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return { allowed: false as const, retryAfterSeconds: Math.max(1, windowEnd - nowSeconds) };
    }
  }
}
