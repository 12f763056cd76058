// local: creates the single table and the media bucket when they are missing, from the same table
// design the CDK construct uses (TABLE_SCHEMA), so local and deployed keys cannot drift.
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { TABLE_SCHEMA } from '../../functions/adapters/dynamodb/table-design.ts';

/**
 * Dummy credentials for every local stand-in. s3rver does not verify SigV4 signatures, but it does
 * reject an access key id other than its built-in `S3RVER` (403 InvalidAccessKeyId), so that is the
 * one key local mode uses. DynamoDB Local runs with -sharedDb, so the key does not select a database.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const LOCAL_REGION = 'us-east-1';

export interface ProvisionOptions {
  readonly dynamodbEndpoint: string;
  readonly s3Endpoint: string;
  readonly tableName: string;
  readonly bucketName: string;
}

/** Idempotent: safe on every start, including restarts over a persisted DATA_DIR. */
export async function provision(options: ProvisionOptions): Promise<void> {
  await Promise.all([
    ensureTable(options.dynamodbEndpoint, options.tableName),
    ensureBucket(options.s3Endpoint, options.bucketName),
  ]);
}

export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      // A DATA_DIR from before an index was added to TABLE_SCHEMA: add the missing ones.
      await addMissingIndexes(
        client,
        tableName,
        new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName)),
      );
      return;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    const gsiKeys = TABLE_SCHEMA.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]);
    try {
      await client.send(
        new CreateTableCommand({
          TableName: tableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey, ...gsiKeys].map((name) => ({
            AttributeName: name,
            AttributeType: 'S',
          })),
          KeySchema: [
            { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
            { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: TABLE_SCHEMA.globalSecondaryIndexes.map(indexDefinition),
        }),
      );
    } catch (error) {
      // Two processes provisioning the same store at once: the other one won.
      if (!(error instanceof ResourceInUseException)) throw error;
    }
    await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1, maxDelay: 1 }, { TableName: tableName });
    try {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: tableName,
          TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.timeToLiveAttribute, Enabled: true },
        }),
      );
    } catch (error) {
      // The concurrent provisioner above may have enabled it first.
      if (!/already enabled/i.test(String((error as Error).message))) throw error;
    }
  } finally {
    client.destroy();
  }
}

type IndexSchema = (typeof TABLE_SCHEMA.globalSecondaryIndexes)[number];

function indexDefinition(index: IndexSchema) {
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: index.projection },
  };
}

/** One UpdateTable per missing index (DynamoDB creates one index per update), then waits for it. */
async function addMissingIndexes(
  client: DynamoDBClient,
  tableName: string,
  existing: Set<string | undefined>,
): Promise<void> {
  for (const index of TABLE_SCHEMA.globalSecondaryIndexes) {
    if (existing.has(index.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({
          AttributeName: name,
          AttributeType: 'S' as const,
        })),
        GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
      }),
    );
    for (let polls = 0; polls < 60; polls++) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (
        Table?.GlobalSecondaryIndexes?.find((candidate) => candidate.IndexName === index.indexName)?.IndexStatus ===
        'ACTIVE'
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export async function ensureBucket(endpoint: string, bucketName: string): Promise<void> {
  const client = new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  try {
    let exists = true;
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucketName }));
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) throw error;
      exists = false;
    }
    if (!exists) await client.send(new CreateBucketCommand({ Bucket: bucketName }));
    // Browsers PUT asset bytes to presigned URLs (docs/assets.md): the same CORS rule as the real bucket
    // (lib/constructs/media-bucket.ts), set every time so an older DATA_DIR gets it too.
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedMethods: ['GET', 'PUT', 'HEAD'],
              AllowedOrigins: ['*'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag', 'x-amz-checksum-sha256', 'x-amz-version-id'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  } finally {
    client.destroy();
  }
}
