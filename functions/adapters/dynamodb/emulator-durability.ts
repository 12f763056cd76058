// adapter: local mode only — a TransactWriteItems is not answered until DynamoDB Local has made it
// durable. The emulator answers a transaction a moment before its SQLite commit: killed in that moment
// (kill -9 of `npm start`), it comes back without a write it acknowledged — 4 of 9 trials lost the last
// acknowledged transaction under load, while no PutItem was ever lost (test/integration/
// local-dynamodb-durability.test.ts). A run's accept is such a transaction once its audit entry joins it,
// so a 202 could name a run that no longer exists after the crash. A consistent read of one of the
// transaction's items waits for that commit; after it the write survives the kill (0 losses). DynamoDB
// itself acknowledges a transaction only once it is durable, so only local mode adds this middleware
// (DYNAMODB_COMMIT_FENCE=on, client.ts); the deployed stack and the tests that count round trips do not.
import { GetItemCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** A key attribute as a document command holds it (a plain string) or as a low-level one does. */
type Key = Record<string, AttributeValue | string>;
interface TransactInput {
  TransactItems?: {
    Put?: { TableName?: string; Item?: Key };
    Update?: { TableName?: string; Key?: Key };
    Delete?: { TableName?: string; Key?: Key };
    ConditionCheck?: { TableName?: string; Key?: Key };
  }[];
}

/** The table and key of a transaction's first item (a Put's key is the key attributes of its item). */
function firstKey(input: TransactInput): { TableName: string; Key: Record<string, AttributeValue> } | undefined {
  const first = input.TransactItems?.[0];
  const write = first?.Put ?? first?.Update ?? first?.Delete ?? first?.ConditionCheck;
  if (!write?.TableName) return undefined;
  const source = 'Item' in write ? write.Item : (write as { Key?: Key }).Key;
  if (!source?.PK || !source.SK) return undefined;
  // Document commands reach this middleware before they are marshalled: their keys are plain strings.
  const attribute = (value: AttributeValue | string): AttributeValue =>
    typeof value === 'string' ? { S: value } : value;
  return { TableName: write.TableName, Key: { PK: attribute(source.PK), SK: attribute(source.SK) } };
}

/** Every TransactWriteItems of `client` waits, after its answer, for a consistent read of its first item. */
export function awaitEmulatorCommits(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName !== 'TransactWriteItemsCommand') return result;
      const target = firstKey(args.input as TransactInput);
      if (target) await client.send(new GetItemCommand({ ...target, ConsistentRead: true }));
      return result;
    },
    { step: 'initialize', name: 'awaitEmulatorCommits' },
  );
}
