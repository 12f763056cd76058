// integration: the cross-workspace isolation of every asset and upload id, through the real route
// handlers, DynamoDB Local and s3rver: another workspace can neither see nor touch an asset or an upload,
// nor place its own asset on this workspace's canvas.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/invoke.ts';
import { assetBoard, put, reserveOnCanvas } from './support/asset-uploads.ts';

describe('asset isolation between workspaces', () => {
  let key: string;
  let otherKey: string;
  let canvasId: string;

  beforeAll(async () => {
    ({ key, otherKey, canvasId } = await assetBoard());
  });

  it('never lets another workspace see or touch an asset or an upload', async () => {
    // Prepare
    const bytes = randomBytes(256);
    const pending = await reserveOnCanvas(key, canvasId, bytes);
    await put(pending.upload, bytes);
    const done = await reserveOnCanvas(key, canvasId, bytes);
    await put(done.upload, bytes);
    const asset = (await call('POST', '/api/mcp/canvas/r2-upload/finalize', { key, body: { uploadId: done.uploadId } }))
      .body;
    const otherCanvas = (await call('POST', '/api/mcp/canvas/create', { key: otherKey, body: { name: 'theirs' } })).body
      .id;
    await call('POST', '/api/mcp/canvas/node/add', {
      key: otherKey,
      body: { canvasId: otherCanvas, id: 'n', type: 'text' },
    });
    const attempts: Array<[string, string, Record<string, unknown>]> = [
      ['POST', '/api/mcp/canvas/r2-upload/verify', { uploadId: pending.uploadId }],
      ['POST', '/api/mcp/canvas/r2-upload/finalize', { uploadId: pending.uploadId }],
      ['POST', '/api/mcp/canvas/r2-upload/cancel', { uploadId: pending.uploadId }],
      ['POST', '/api/mcp/canvas/r2-upload/promote-library', { assetId: asset.id }],
      ['GET', '/api/mcp/canvas/assets', { canvasId }],
      ['GET', '/api/mcp/workspace/assets/detail', { assetId: asset.id }],
      ['GET', '/api/mcp/workspace/assets/usages', { assetId: asset.id }],
      ['POST', '/api/mcp/workspace/assets/upload/finalize', { uploadId: pending.uploadId }],
      ['POST', '/api/mcp/workspace/assets/upload/cancel', { uploadId: pending.uploadId }],
      ['POST', '/api/mcp/workspace/assets/rename', { assetId: asset.id, name: 'mine now' }],
      ['POST', '/api/mcp/workspace/assets/move', { assetId: asset.id, folder: '/stolen' }],
      ['POST', '/api/mcp/workspace/assets/tags', { assetId: asset.id, tags: ['stolen'] }],
      ['POST', '/api/mcp/workspace/assets/place', { assetId: asset.id, canvasId: otherCanvas, nodeId: 'n' }],
      ['POST', '/api/mcp/workspace/assets/trash', { assetId: asset.id }],
      ['POST', '/api/mcp/workspace/assets/restore', { assetId: asset.id }],
      ['POST', '/api/mcp/workspace/assets/purge', { assetId: asset.id, force: true }],
      ['POST', '/api/mcp/canvas/r2-upload/reserve', { canvasId, name: 'x.png', contentType: 'image/png', size: 10 }],
    ];
    // Act
    const answers = [];
    for (const [method, path, input] of attempts) {
      answers.push([
        path,
        (
          await call(
            method as 'GET',
            path,
            method === 'GET'
              ? { key: otherKey, query: input as Record<string, string> }
              : { key: otherKey, body: input },
          )
        ).status,
      ]);
    }
    // Assess
    expect(answers).toEqual(attempts.map(([, path]) => [path, 404]));
    const theirLibrary = await call('GET', '/api/mcp/workspace/assets', { key: otherKey });
    expect(theirLibrary.body.items).toEqual([]);
    // Nothing changed on our side.
    const mine = await call('GET', '/api/mcp/workspace/assets/detail', { key, query: { assetId: asset.id } });
    expect(mine.body).toMatchObject({ name: asset.name, folder: '/', tags: [], trashedAt: null, version: 1 });
    expect(
      (await call('POST', '/api/mcp/canvas/r2-upload/verify', { key, body: { uploadId: pending.uploadId } })).body
        .ready,
    ).toBe(true);
  });

  it("never lets another workspace place its own asset on this workspace's canvas", async () => {
    // Prepare: the other workspace finalizes an asset of its own, into its library
    const bytes = randomBytes(128);
    const theirs = await call('POST', '/api/mcp/workspace/assets/upload/reserve', {
      key: otherKey,
      body: { name: 'theirs.png', contentType: 'image/png', size: bytes.length },
    });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    await put(theirs.body.upload, bytes);
    const theirAsset = (
      await call('POST', '/api/mcp/workspace/assets/upload/finalize', {
        key: otherKey,
        body: { uploadId: theirs.body.uploadId },
      })
    ).body;
    const before = (await call('GET', '/api/mcp/canvas/state', { key, query: { canvasId } })).body;

    // Act: it names this workspace's canvas and node
    const placed = await call('POST', '/api/mcp/workspace/assets/place', {
      key: otherKey,
      body: { assetId: theirAsset.id, canvasId, nodeId: 'hero' },
    });

    // Assess: the canvas does not exist for it, and nothing changed here
    expect(placed.status).toBe(404);
    const after = (await call('GET', '/api/mcp/canvas/state', { key, query: { canvasId } })).body;
    expect(before.version).toEqual(expect.any(Number));
    expect(after.version).toBe(before.version);
    expect(JSON.stringify(after)).not.toContain(theirAsset.id);
    expect(
      (await call('GET', '/api/mcp/workspace/assets/usages', { key: otherKey, query: { assetId: theirAsset.id } })).body
        .usages,
    ).toEqual([]);
  });
});
