// integration: lib/local/dynamodb-local.ts starts the real DynamoDB Local and stops exactly its child.
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from '../../lib/local/dynamodb-local.ts';
import { LocalStackError } from '../../lib/local/errors.ts';
import { freePort } from '../../lib/local/ports.ts';
import { isAlive } from '../support/local-process.ts';

describe('startDynamoDbLocal', () => {
  it('answers ListTables once started, and its java process is gone after stop()', async () => {
    // Prepare
    const dynamodb = await startDynamoDbLocal({ port: await freePort() });
    const client = new DynamoDBClient({
      endpoint: dynamodb.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'anything', secretAccessKey: 'anything' },
    });
    try {
      // Act
      const tables = await client.send(new ListTablesCommand({}));
      // Assess
      expect(tables.TableNames).toEqual([]);
      expect(isAlive(dynamodb.pid)).toBe(true);
    } finally {
      client.destroy();
      await dynamodb.stop();
    }
    expect(isAlive(dynamodb.pid)).toBe(false);
  });

  it('fails with a one-line LocalStackError when java is not on PATH', async () => {
    // Prepare
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      // Act
      const starting = startDynamoDbLocal({ port: await freePort(), readyTimeoutMs: 10_000 });
      // Assess
      await expect(starting).rejects.toBeInstanceOf(LocalStackError);
      await expect(starting).rejects.toThrow(/`java` was not found on PATH/);
    } finally {
      process.env.PATH = path;
    }
  });
});
