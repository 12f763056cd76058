// integration: an abandoned upload reservation expires (issue 11). The use cases run against DynamoDB
// Local and s3rver with a clock the test moves: the reservation item carries the table's TTL attribute
// at its expiry (DynamoDB deletes it within days of that time), and from expiresAt on, verify, finalize
// and cancel answer 404 whether or not DynamoDB has deleted it yet — through the canvas and the
// library surface alike. The pending bytes are the S3 lifecycle rule's (test/infra asserts it).
import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '#core/errors';
import {
  RESERVATION_TTL_SECONDS,
  cancelUpload,
  finalizeUpload,
  reserveUpload,
  verifyUpload,
  type AssetDeps,
} from '#core/assets/use-cases';
import type { Principal } from '#core/keys/api-key';
import { ALL_SCOPES } from '#core/scopes';
import { assets, canvases } from '#adapters/composition/stores';
import { assetStorage } from '#adapters/composition/objects';
import { keys, TTL_ATTRIBUTE } from '#adapters/dynamodb/table-design';
import { ENV } from '#adapters/env';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../lib/local/provision.ts';
import { FakeClock } from '../unit/support/fake-clock.ts';
import { call, seedWorkspace } from './support/invoke.ts';

const clock = new FakeClock(new Date());
const deps: AssetDeps = { assets, storage: assetStorage, canvases, clock };
let principal: Principal;
let canvasId: string;

beforeAll(async () => {
  const seeded = await seedWorkspace('Expiring uploads');
  principal = { workspaceId: seeded.workspaceId, keyId: seeded.keyId, scopes: [...ALL_SCOPES] };
  canvasId = (await call('POST', '/api/mcp/canvas/create', { key: seeded.apiKey, body: { name: 'Uploads' } })).body.id;
});

/** The reservation item as stored (its key from the table design), TTL attribute included. */
async function storedReservation(uploadId: string): Promise<Record<string, unknown> | undefined> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: process.env[ENV.dynamodbEndpoint],
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
  const { Item } = await client.send(
    new GetCommand({
      TableName: process.env[ENV.tableName],
      Key: keys.upload(principal.workspaceId, uploadId),
      ConsistentRead: true,
    }),
  );
  client.destroy();
  return Item;
}

/** PUTs the bytes to the presigned URL as a browser would. */
async function put(upload: { url: string; headers: Record<string, string> }, bytes: Uint8Array) {
  const { 'Content-Length': _length, ...headers } = upload.headers;
  expect((await fetch(upload.url, { method: 'PUT', headers, body: bytes })).status).toBe(200);
}

describe.each(['canvas', 'library'] as const)('a %s upload reservation', (target) => {
  it('carries the TTL attribute at its expiry, one day after it was made', async () => {
    const bytes = randomBytes(64);
    const reserved = await reserveUpload(
      principal,
      {
        target,
        ...(target === 'canvas' ? { canvasId } : {}),
        name: 'a.png',
        contentType: 'image/png',
        size: bytes.length,
      },
      deps,
    );

    const item = await storedReservation(reserved.uploadId);

    expect(Date.parse(reserved.reservationExpiresAt) - clock.now().getTime()).toBe(RESERVATION_TTL_SECONDS * 1000);
    expect(item?.[TTL_ATTRIBUTE]).toBe(Math.ceil(Date.parse(reserved.reservationExpiresAt) / 1000));
  });

  it('answers 404 to verify, finalize and cancel from its expiry on, though bytes were uploaded and the item is still stored', async () => {
    // Prepare: a complete upload, left alone for a day
    const bytes = randomBytes(128);
    const reserved = await reserveUpload(
      principal,
      {
        target,
        ...(target === 'canvas' ? { canvasId } : {}),
        name: 'b.png',
        contentType: 'image/png',
        size: bytes.length,
      },
      deps,
    );
    await put(reserved.upload, bytes);
    clock.advance(RESERVATION_TTL_SECONDS * 1000 - 1000);
    expect((await verifyUpload(principal, { uploadId: reserved.uploadId }, target, deps)).ready).toBe(true);

    // Act
    clock.advance(1000);
    const outcomes = await Promise.allSettled([
      verifyUpload(principal, { uploadId: reserved.uploadId }, target, deps),
      finalizeUpload(principal, { uploadId: reserved.uploadId }, target, deps),
      cancelUpload(principal, { uploadId: reserved.uploadId }, target, deps),
    ]);

    // Assess
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(NotFoundError);
      expect(String((outcome as PromiseRejectedResult).reason.message)).toMatch(/expired/);
    }
    expect(await storedReservation(reserved.uploadId)).toBeDefined();
    expect(await assets.get(principal.workspaceId, reserved.assetId)).toBeUndefined();
  });
});
