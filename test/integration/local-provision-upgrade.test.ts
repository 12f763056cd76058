// integration: a DATA_DIR from before an index was added to TABLE_SCHEMA (the run outbox's GSI2) gets
// the missing index on the next start, with the projection TABLE_SCHEMA gives it.
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { TABLE_SCHEMA } from '../../functions/adapters/dynamodb/table-design.ts';
import { ENV } from '../../functions/adapters/env.ts';
import { ensureTable, LOCAL_CREDENTIALS } from '../../lib/local/provision.ts';

describe('ensureTable over an older table', () => {
  it('adds the indexes TABLE_SCHEMA has and the table lacks', async () => {
    // Prepare: the table as an earlier version created it (GSI1 only)
    const endpoint = process.env[ENV.dynamodbEndpoint]!;
    const tableName = `upgrade-${randomUUID()}`;
    const dynamodb = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
    const [gsi1] = TABLE_SCHEMA.globalSecondaryIndexes;
    await dynamodb.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['PK', 'SK', gsi1.partitionKey, gsi1.sortKey].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: gsi1.indexName,
            KeySchema: [
              { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
              { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );

    try {
      // Act
      await ensureTable(endpoint, tableName);

      // Assess
      const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
      const indexes = Object.fromEntries(
        (Table!.GlobalSecondaryIndexes ?? []).map((index) => [index.IndexName, index]),
      );
      for (const index of TABLE_SCHEMA.globalSecondaryIndexes) {
        expect(indexes[index.indexName], index.indexName).toMatchObject({
          IndexStatus: 'ACTIVE',
          Projection: { ProjectionType: index.projection },
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
        });
      }
    } finally {
      await dynamodb.send(new DeleteTableCommand({ TableName: tableName }));
      dynamodb.destroy();
    }
  });
});
