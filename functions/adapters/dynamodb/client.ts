// adapter: the one DynamoDB document client of a function, built on first use from validated config.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from '#core/schema';
import { ENV } from '../env.ts';

const TableConfig = z.object({
  [ENV.tableName]: z.string().check(z.minLength(1, `${ENV.tableName} must name the DynamoDB table`)),
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
});

export interface TableContext {
  client: DynamoDBDocumentClient;
  tableName: string;
}

let context: TableContext | undefined;

/** Memoised per process: created once per cold start, reused by every invocation. */
export function table(): TableContext {
  if (context) return context;
  const config = TableConfig.parse(process.env);
  const endpoint = config[ENV.dynamodbEndpoint];
  const client = new DynamoDBClient({ ...(endpoint ? { endpoint } : {}), maxAttempts: 3 });
  context = {
    // allowImpreciseNumbers: JSON.parse has already rounded integers beyond 2^53 (the raw text keeps
    // them exactly); refusing to store the rounded number would turn a provider's payload into a 500.
    // wrapNumbers: read every number back as a plain JS number (never a BigInt, which JSON cannot carry).
    client: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, allowImpreciseNumbers: true },
      unmarshallOptions: { wrapNumbers: (value: string) => Number(value) },
    }),
    tableName: config[ENV.tableName],
  };
  return context;
}
