// integration: lib/local/provision.ts creates the table from TABLE_SCHEMA and the bucket, idempotently.
import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { TABLE_SCHEMA } from '../../functions/adapters/dynamodb/table-design.ts';
import { ENV } from '../../functions/adapters/env.ts';
import { LOCAL_CREDENTIALS, provision } from '../../lib/local/provision.ts';

describe('provision', () => {
  it('creates the single table (keys, GSI1 with all attributes, on demand, TTL) and the bucket, twice without error', async () => {
    // Prepare: the shared services of the global setup, with names of our own
    const endpoints = {
      dynamodbEndpoint: process.env[ENV.dynamodbEndpoint]!,
      s3Endpoint: process.env[ENV.s3Endpoint]!,
    };
    const names = { tableName: `provision-${randomUUID()}`, bucketName: `provision-${randomUUID()}` };
    const dynamodb = new DynamoDBClient({
      endpoint: endpoints.dynamodbEndpoint,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    });
    const s3 = new S3Client({
      endpoint: endpoints.s3Endpoint,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
      forcePathStyle: true,
    });

    // Act
    await provision({ ...endpoints, ...names });
    await provision({ ...endpoints, ...names });

    // Assess
    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: names.tableName }));
    expect(Table!.KeySchema).toEqual([
      { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
    ]);
    expect(Table!.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    const gsi = Table!.GlobalSecondaryIndexes!.find((index) => index.IndexName === 'GSI1');
    expect(gsi?.Projection?.ProjectionType).toBe('ALL');
    expect(gsi?.KeySchema?.map((key) => key.AttributeName)).toEqual(['GSI1PK', 'GSI1SK']);
    const ttl = await dynamodb.send(new DescribeTimeToLiveCommand({ TableName: names.tableName }));
    expect(ttl.TimeToLiveDescription).toMatchObject({
      AttributeName: TABLE_SCHEMA.timeToLiveAttribute,
      TimeToLiveStatus: 'ENABLED',
    });
    const bucket = await s3.send(new HeadBucketCommand({ Bucket: names.bucketName }));
    expect(bucket.$metadata.httpStatusCode).toBe(200);
    dynamodb.destroy();
    s3.destroy();
  });
});
