// test support (integration, assets): the S3 side of an upload (the bucket read and written past the
// presigned URLs, a browser's PUT), and a board to upload onto: a workspace, a stranger workspace, and a
// canvas with two nodes, hero and backdrop.
import { createHash } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { ENV } from '#adapters/env';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../lib/local/provision.ts';
import { call, seedWorkspace } from './invoke.ts';

export const s3 = () =>
  new S3Client({
    endpoint: process.env[ENV.s3Endpoint],
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
  });

export async function objectExists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: process.env[ENV.bucketName], Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64');

/**
 * Writes bytes at an upload's pending key past its presigned URL (with the service's own credentials):
 * the URL would refuse them, as S3 does (local-s3-presigned.test.ts), and finalize must refuse them too.
 */
export async function writeAround(upload: { url: string }, bytes: Uint8Array, contentType: string) {
  const pendingKey = decodeURIComponent(new URL(upload.url).pathname).replace(`/${process.env[ENV.bucketName]}/`, '');
  await s3().send(
    new PutObjectCommand({
      Bucket: process.env[ENV.bucketName],
      Key: pendingKey,
      Body: bytes,
      ContentType: contentType,
    }),
  );
}

/** PUTs bytes to a presigned upload exactly as a browser would: the URL and the signed headers. */
export async function put(
  upload: { url: string; headers: Record<string, string> },
  bytes: Uint8Array,
  override: Record<string, string> = {},
) {
  const { 'Content-Length': _length, ...headers } = upload.headers;
  const response = await fetch(upload.url, { method: 'PUT', headers: { ...headers, ...override }, body: bytes });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Two workspaces (yours and someone else's) and a canvas of yours with the text nodes hero and backdrop. */
export async function assetBoard(): Promise<{ key: string; otherKey: string; canvasId: string }> {
  const key = (await seedWorkspace('Assets')).apiKey;
  const otherKey = (await seedWorkspace('Someone else')).apiKey;
  const created = await call('POST', '/api/mcp/canvas/create', { key, body: { name: 'Media board' } });
  const canvasId = created.body.id as string;
  for (const id of ['hero', 'backdrop']) {
    expect((await call('POST', '/api/mcp/canvas/node/add', { key, body: { canvasId, id, type: 'text' } })).status).toBe(
      201,
    );
  }
  return { key, otherKey, canvasId };
}

/** Reserves an upload of `bytes` onto the canvas, with their SHA-256 unless `withSum` is false. */
export async function reserveOnCanvas(
  key: string,
  canvasId: string,
  bytes: Uint8Array,
  contentType = 'image/png',
  withSum = true,
) {
  const reserved = await call('POST', '/api/mcp/canvas/r2-upload/reserve', {
    key,
    body: {
      canvasId,
      name: 'hero.png',
      contentType,
      size: bytes.length,
      ...(withSum ? { sha256: sha256(bytes) } : {}),
    },
  });
  expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
  return reserved.body;
}
