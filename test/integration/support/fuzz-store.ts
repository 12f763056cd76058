// test support (integration, fuzz): "no partial write visible afterwards" — the whole store (every table
// item, and the media bucket's keys if asked) before and after a refused request, and what changed.
import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { ENV } from '#adapters/env';
import { LOCAL_BUCKET_NAME, LOCAL_TABLE_NAME } from '../../../lib/local/local-mode.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../lib/local/provision.ts';
import { describeRequest, isSuccess, type FuzzAnswer, type FuzzRequest } from './fuzz.ts';

export interface StoreOptions {
  /** Items (`PK|SK`) that may change on a refused request for a documented reason. */
  ignore?: (key: string) => boolean;
  /** Also list the media bucket (only routes with write access to it can put an object there). */
  bucket?: boolean;
}

export interface StoreState {
  /** `PK|SK` → the item as JSON. */
  items: Map<string, string>;
  objects: Set<string>;
}

/**
 * Everything the stack stores: every table item (consistent scan) and, if asked, every object key of
 * the media bucket. The stack belongs to this test file, so the whole store is small and this is bounded; and
 * "the whole store is unchanged" is stronger than any read route's view of it.
 */
export async function storeState(options: StoreOptions = {}): Promise<StoreState> {
  const ignore = options.ignore ?? (() => false);
  const { dynamo, s3 } = storeClients();
  const items = new Map<string, string>();
  // Raw attribute values (not unmarshalled): numbers stay the exact text DynamoDB holds.
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({ TableName: LOCAL_TABLE_NAME, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      const key = `${item.PK?.S}|${item.SK?.S}`;
      if (!ignore(key)) items.set(key, JSON.stringify(item));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  const objects = new Set<string>();
  let token: string | undefined;
  while (options.bucket) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: LOCAL_BUCKET_NAME, ContinuationToken: token }));
    for (const object of page.Contents ?? []) objects.add(object.Key!);
    token = page.NextContinuationToken;
    if (!token) break;
  }
  return { items, objects };
}

let clients: { endpoints: string; dynamo: DynamoDBClient; s3: S3Client } | undefined;

/** One pair of clients per stack (the endpoints local mode put in process.env), not per snapshot. */
function storeClients(): { dynamo: DynamoDBClient; s3: S3Client } {
  const endpoints = `${process.env[ENV.dynamodbEndpoint]} ${process.env[ENV.s3Endpoint]}`;
  if (clients?.endpoints !== endpoints) {
    clients?.dynamo.destroy();
    clients?.s3.destroy();
    clients = {
      endpoints,
      dynamo: new DynamoDBClient({
        endpoint: process.env[ENV.dynamodbEndpoint],
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
      }),
      s3: new S3Client({
        endpoint: process.env[ENV.s3Endpoint],
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
        forcePathStyle: true,
      }),
    };
  }
  return clients;
}

/** What changed between two states: `+key` added, `-key` removed, `~key` changed (items and objects). */
export function changes(before: StoreState, after: StoreState): string[] {
  const found: string[] = [];
  for (const [key, item] of after.items) {
    if (!before.items.has(key)) found.push(`+item ${key}`);
    else if (before.items.get(key) !== item) found.push(`~item ${key}`);
  }
  for (const key of before.items.keys()) if (!after.items.has(key)) found.push(`-item ${key}`);
  for (const key of after.objects) if (!before.objects.has(key)) found.push(`+object ${key}`);
  for (const key of before.objects) if (!after.objects.has(key)) found.push(`-object ${key}`);
  return found;
}

/**
 * Keeps a baseline of the store across the cases of a property: a refused request must leave it as it
 * was; an accepted one moves it (after `settle`, which waits for the work it started to finish, so
 * the next baseline is not taken mid-run).
 */
export class StoreWatch {
  private baseline?: StoreState;

  constructor(private readonly options: StoreOptions = {}) {}

  async reset(): Promise<void> {
    this.baseline = await storeState(this.options);
  }

  async afterAnswer(
    request: FuzzRequest,
    answer: FuzzAnswer,
    settle: () => Promise<void> = async () => {},
  ): Promise<void> {
    if (isSuccess(answer)) {
      await settle();
      return this.reset();
    }
    const before = this.baseline ?? (await storeState(this.options));
    const after = await storeState(this.options);
    this.baseline = after;
    expect(
      changes(before, after),
      `a refused request wrote: ${describeRequest(request)}\n→ ${answer.status} ${answer.text.slice(0, 300)}`,
    ).toEqual([]);
  }
}
