// integration: a transaction DynamoDB Local answered survives a kill -9 of its java (emulator-durability.ts).
// Without the fence about half of such kills lose the last acknowledged transaction; three rounds here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { awaitEmulatorCommits } from '../../functions/adapters/dynamodb/emulator-durability.ts';
import { startDynamoDbLocal } from '../../lib/local/dynamodb-local.ts';
import { freePort } from '../../lib/local/ports.ts';

const TABLE = 'durability';
const ROUNDS = 3;
const WRITERS = 8;
const dataDir = mkdtempSync(join(tmpdir(), 'ddb-durability-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function documentClient(endpoint: string): { base: DynamoDBClient; doc: DynamoDBDocumentClient } {
  const base = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  awaitEmulatorCommits(base);
  return { base, doc: DynamoDBDocumentClient.from(base) };
}

/** A run's accept as it is once its audit entry joins it: the item and its entry, in one transaction. */
function acceptLike(id: string): TransactWriteCommand {
  return new TransactWriteCommand({
    TransactItems: [
      {
        Put: {
          TableName: TABLE,
          Item: { PK: 'WS#w', SK: `EXEC#${id}`, body: 'x'.repeat(2_000) },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      { Put: { TableName: TABLE, Item: { PK: 'WS#w', SK: `AUDIT#${id}` } } },
    ],
  });
}

describe('DynamoDB Local behind awaitEmulatorCommits', () => {
  it('keeps every acknowledged transaction across a kill -9 of the emulator', async () => {
    // Prepare
    let dynamodb = await startDynamoDbLocal({ port: await freePort(), dataDir });
    let { base, doc } = documentClient(dynamodb.endpoint);
    await base.send(
      new CreateTableCommand({
        TableName: TABLE,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'PK', AttributeType: 'S' },
          { AttributeName: 'SK', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
      }),
    );
    const acknowledged: string[] = [];
    let next = 0;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        // Act: writers until the kill, which lands at a random moment of the load.
        let killed = false;
        const writer = async () => {
          while (!killed) {
            const id = `${round}-${next++}`;
            try {
              await doc.send(acceptLike(id));
              acknowledged.push(id);
            } catch {
              // Not acknowledged (the emulator died under it): promised nothing.
            }
          }
        };
        const writers = Array.from({ length: WRITERS }, writer);
        await new Promise((resolve) => setTimeout(resolve, 1_500 + Math.random() * 1_000));
        process.kill(dynamodb.pid, 'SIGKILL');
        killed = true;
        await Promise.all(writers);
        await dynamodb.stop();
        base.destroy();
        dynamodb = await startDynamoDbLocal({ port: await freePort(), dataDir });
        ({ base, doc } = documentClient(dynamodb.endpoint));
      }

      // Assess
      const missing: string[] = [];
      for (const id of acknowledged) {
        const { Item } = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: 'WS#w', SK: `EXEC#${id}` } }));
        if (!Item) missing.push(id);
      }
      // Enough acknowledged writes that the kills landed under load (hundreds on an idle machine).
      expect(acknowledged.length).toBeGreaterThan(ROUNDS * 10);
      expect(missing, `${missing.length} of ${acknowledged.length} acknowledged transactions lost`).toEqual([]);
    } finally {
      base.destroy();
      await dynamodb.stop();
    }
  }, 90_000);
});
