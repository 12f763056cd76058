// adapter: the one DynamoDB document client of a function, built on first use from validated config.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV } from '../env.ts';
import { resourceFromEnv } from '../resource-env.ts';
import { auditWrites } from './audit-join.ts';
import { awaitEmulatorCommits } from './emulator-durability.ts';

export interface TableContext {
  client: DynamoDBDocumentClient;
  tableName: string;
}

let context: TableContext | undefined;

/** Memoised per process: created once per cold start, reused by every invocation. */
export function table(): TableContext {
  if (context) return context;
  const { name, endpoint } = resourceFromEnv(ENV.tableName, ENV.dynamodbEndpoint, 'the DynamoDB table');
  const client = new DynamoDBClient({ ...(endpoint ? { endpoint } : {}), maxAttempts: 3 });
  // Local mode's DynamoDB Local answers a transaction before it is durable; a fence waits for it.
  if (endpoint && process.env[ENV.dynamodbCommitFence] === 'on') awaitEmulatorCommits(client);
  context = {
    // allowImpreciseNumbers: JSON.parse has already rounded integers beyond 2^53 (the raw text keeps
    // them exactly); refusing to store the rounded number would turn a provider's payload into a 500.
    // wrapNumbers: read every number back as a plain JS number (never a BigInt, which JSON cannot carry).
    client: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, allowImpreciseNumbers: true },
      unmarshallOptions: { wrapNumbers: (value: string) => Number(value) },
    }),
    tableName: name,
  };
  // Every write passes the audit join: a change declared audited carries its entry (docs/audit.md).
  auditWrites(context.client, name);
  return context;
}
