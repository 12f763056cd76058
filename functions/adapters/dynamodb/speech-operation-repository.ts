// adapter: SpeechOperationRepository on the single table (see table-design.ts): one item per provider
// operation, written with attribute_not_exists before the provider is called, then only on its version.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '#core/errors';
import type { SpeechOperation, SpeechOperationRepository } from '#core/generation/speech';
import { table } from './client.ts';
import { isConditionFailure } from './errors.ts';
import { keys, TTL_ATTRIBUTE } from './table-design.ts';

/** Operation records are kept 30 days (a retried run or request finds its result within them). */
const KEEP_DAYS = 30;

const item = (operation: SpeechOperation) => ({
  ...keys.speechOperation(operation.workspaceId, operation.operationId),
  entity: 'SpeechOperation',
  ...operation,
  [TTL_ATTRIBUTE]: Math.ceil(Date.parse(operation.createdAt) / 1000) + KEEP_DAYS * 24 * 60 * 60,
});

function toOperation(stored: Record<string, unknown>): SpeechOperation {
  const { PK: _pk, SK: _sk, entity: _entity, [TTL_ATTRIBUTE]: _ttl, ...operation } = stored;
  return operation as unknown as SpeechOperation;
}

export class DynamoSpeechOperationRepository implements SpeechOperationRepository {
  async create(operation: SpeechOperation) {
    const { client, tableName } = table();
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: item(operation),
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return { created: true as const };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const existing = await this.get(operation.workspaceId, operation.operationId);
      if (!existing) throw error;
      return { created: false as const, existing };
    }
  }

  async get(workspaceId: string, operationId: string): Promise<SpeechOperation | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.speechOperation(workspaceId, operationId),
        ConsistentRead: true,
      }),
    );
    return Item ? toOperation(Item) : undefined;
  }

  async delete(operation: Pick<SpeechOperation, 'workspaceId' | 'operationId'>): Promise<void> {
    const { client, tableName } = table();
    await client.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.speechOperation(operation.workspaceId, operation.operationId),
      }),
    );
  }

  async update(operation: SpeechOperation, expectedVersion: number): Promise<void> {
    const { client, tableName } = table();
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: item(operation),
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':expected': expectedVersion },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error))
        throw new ConflictError(`Audio operation ${operation.operationId} changed meanwhile`);
      throw error;
    }
  }
}

export const speechOperations = new DynamoSpeechOperationRepository();
