// adapter: CallbackSecretRepository on the single table (table-design.ts: Callback secrets), one item
// per workspace, written with optimistic concurrency on `version`.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CallbackSecretRepository, CallbackSecrets } from '#core/outbound/callback-secrets';
import { table } from './client.ts';
import { conditionally } from './errors.ts';
import { keys } from './table-design.ts';

export class DynamoCallbackSecretRepository implements CallbackSecretRepository {
  async get(workspaceId: string): Promise<CallbackSecrets | undefined> {
    const { client, tableName } = table();
    // Consistent: a callback sent right after a rotate is signed with the new secret.
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.callbackSecrets(workspaceId), ConsistentRead: true }),
    );
    if (!Item) return undefined;
    const { PK: _pk, SK: _sk, entity: _entity, ...record } = Item;
    return record as CallbackSecrets;
  }

  async put(record: CallbackSecrets, expectedVersion: number | null): Promise<void> {
    const { client, tableName } = table();
    await conditionally(
      () =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.callbackSecrets(record.workspaceId), entity: 'CallbackSecrets', ...record },
            ...(expectedVersion === null
              ? { ConditionExpression: 'attribute_not_exists(PK)' }
              : {
                  ConditionExpression: 'version = :expected',
                  ExpressionAttributeValues: { ':expected': expectedVersion },
                }),
          }),
        ),
      'The callback signing secret changed concurrently; try again',
    );
  }

  async delete(workspaceId: string): Promise<void> {
    const { client, tableName } = table();
    await client.send(new DeleteCommand({ TableName: tableName, Key: keys.callbackSecrets(workspaceId) }));
  }
}

export const callbackSecrets = new DynamoCallbackSecretRepository();
