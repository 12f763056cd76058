// integration: the asset lifecycle through the real route handlers, DynamoDB Local and s3rver, with real
// bytes PUT to the presigned URLs: reserve → PUT → verify → finalize (onto a node), refusals, cancel, kinds
// on source nodes, purge. Usages: assets-usages.test.ts; the library: assets-library.test.ts; isolation
// between workspaces: assets-isolation.test.ts.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { durableKeyOf, pendingKeyOf } from '#core/assets/model';
import { call } from './support/invoke.ts';
import { assetBoard, objectExists, put, reserveOnCanvas, sha256, writeAround } from './support/asset-uploads.ts';

describe('asset lifecycle', () => {
  let key: string;
  let canvasId: string;

  beforeAll(async () => {
    ({ key, canvasId } = await assetBoard());
  });

  it('uploads bytes through the presigned URL, verifies them, and finalizes onto a node in one step', async () => {
    // Prepare
    const bytes = randomBytes(300_000);
    const reserved = await reserveOnCanvas(key, canvasId, bytes);
    expect(reserved.upload.url).toContain(
      pendingKeyOf(reserved.upload.url.match(/ws_[0-9a-z]{26}/)![0], reserved.uploadId),
    );
    const before = await call('POST', '/api/mcp/canvas/r2-upload/verify', {
      key,
      body: { uploadId: reserved.uploadId },
    });
    expect(before.body).toMatchObject({ ready: false, received: false });
    // Act
    await put(reserved.upload, bytes);
    const verified = await call('POST', '/api/mcp/canvas/r2-upload/verify', {
      key,
      body: { uploadId: reserved.uploadId },
    });
    const finalized = await call('POST', '/api/mcp/canvas/r2-upload/finalize', {
      key,
      body: { uploadId: reserved.uploadId, nodeId: 'hero' },
    });
    // Assess
    expect(verified.body).toMatchObject({
      ready: true,
      received: true,
      size: bytes.length,
      contentType: 'image/png',
      sha256: sha256(bytes),
      problems: [],
    });
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(201);
    expect(finalized.body).toMatchObject({
      id: reserved.assetId,
      kind: 'image',
      size: bytes.length,
      sha256: sha256(bytes),
      canvasId,
      library: false,
    });
    expect(finalized.body.storageKey).toBeUndefined();
    const state = await call('GET', '/api/mcp/canvas/state', { key, query: { canvasId } });
    expect(state.body.nodes.find((node: { id: string }) => node.id === 'hero').data.assetId).toBe(reserved.assetId);
    // The bytes moved to their durable key; the pending object and the reservation are gone.
    const workspaceId = finalized.body.workspaceId;
    expect(await objectExists(durableKeyOf(workspaceId, reserved.assetId))).toBe(true);
    expect(await objectExists(pendingKeyOf(workspaceId, reserved.uploadId))).toBe(false);
    const again = await call('POST', '/api/mcp/canvas/r2-upload/finalize', {
      key,
      body: { uploadId: reserved.uploadId },
    });
    expect(again.status).toBe(404);
    // The download URL serves the very bytes.
    const detail = await call('GET', '/api/mcp/workspace/assets/detail', { key, query: { assetId: reserved.assetId } });
    const download = await fetch(detail.body.downloadUrl);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    // Listed with the canvas's assets.
    const listed = await call('GET', '/api/mcp/canvas/assets', { key, query: { canvasId } });
    expect(listed.body.items.map((asset: { id: string }) => asset.id)).toContain(reserved.assetId);
  });

  it('lets a browser PUT to the presigned URL: the CORS preflight from a web page is allowed', async () => {
    // Prepare
    const reserved = await reserveOnCanvas(key, canvasId, randomBytes(64));
    // Act
    const preflight = await fetch(reserved.upload.url, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example.test',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type,x-amz-checksum-sha256',
      },
    });
    // Assess
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toMatch(/^(\*|https:\/\/app\.example\.test)$/);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('refuses to finalize bytes that differ from the reservation (size, type, checksum), and records nothing', async () => {
    // Prepare: bytes written past the presigned URLs (which refuse them)
    const bytes = randomBytes(2048);
    const wrongSum = await reserveOnCanvas(key, canvasId, bytes);
    await writeAround(wrongSum.upload, randomBytes(2048), 'image/png');
    const wrongSize = await reserveOnCanvas(key, canvasId, bytes, 'image/png', false);
    await writeAround(wrongSize.upload, randomBytes(1000), 'image/png');
    const wrongType = await reserveOnCanvas(key, canvasId, bytes, 'image/png', false);
    await writeAround(wrongType.upload, bytes, 'image/jpeg');
    // Act
    const answers = await Promise.all(
      [wrongSum, wrongSize, wrongType].map((reserved) =>
        call('POST', '/api/mcp/canvas/r2-upload/finalize', { key, body: { uploadId: reserved.uploadId } }),
      ),
    );
    // Assess
    expect(answers.map((answer) => answer.status)).toEqual([409, 409, 409]);
    expect(answers[0]!.body.error).toMatch(/SHA-256/);
    expect(answers[1]!.body.error).toMatch(/size is 1000 bytes/);
    expect(answers[2]!.body.error).toMatch(/content type is image\/jpeg/);
    for (const reserved of [wrongSum, wrongSize, wrongType]) {
      const detail = await call('GET', '/api/mcp/workspace/assets/detail', {
        key,
        query: { assetId: reserved.assetId },
      });
      expect(detail.status).toBe(404);
    }
  });

  it('refuses content types no kind accepts and sizes over the kind limit', async () => {
    // Act
    const exe = await call('POST', '/api/mcp/workspace/assets/upload/reserve', {
      key,
      body: { name: 'x.exe', contentType: 'application/x-msdownload', size: 10 },
    });
    const huge = await call('POST', '/api/mcp/workspace/assets/upload/reserve', {
      key,
      body: { name: 'x.png', contentType: 'image/png', size: 26 * 1024 * 1024 },
    });
    // Assess
    expect(exe.status).toBe(400);
    expect(exe.body.error).toMatch(/not accepted/);
    expect(huge.status).toBe(400);
    expect(huge.body.error).toMatch(/over the image limit/);
  });

  it('cancels an upload: the pending bytes and the reservation go', async () => {
    // Prepare
    const bytes = randomBytes(512);
    const reserved = await reserveOnCanvas(key, canvasId, bytes);
    await put(reserved.upload, bytes);
    const workspaceId = reserved.upload.url.match(/ws_[0-9a-z]{26}/)![0];
    expect(await objectExists(pendingKeyOf(workspaceId, reserved.uploadId))).toBe(true);
    // Act
    const cancelled = await call('POST', '/api/mcp/canvas/r2-upload/cancel', {
      key,
      body: { uploadId: reserved.uploadId },
    });
    // Assess
    expect(cancelled.body).toEqual({ cancelled: true, uploadId: reserved.uploadId });
    expect(await objectExists(pendingKeyOf(workspaceId, reserved.uploadId))).toBe(false);
    expect(
      (await call('POST', '/api/mcp/canvas/r2-upload/finalize', { key, body: { uploadId: reserved.uploadId } })).status,
    ).toBe(404);
  });

  it('places only assets of their kind on source nodes (400 otherwise, the canvas unchanged); the placed one counts as a usage', async () => {
    // Prepare: a library image and a library recording, an audio-asset node
    const upload = async (name: string, contentType: string) => {
      const bytes = randomBytes(256);
      const reserved = await call('POST', '/api/mcp/workspace/assets/upload/reserve', {
        key,
        body: { name, contentType, size: bytes.length, sha256: sha256(bytes) },
      });
      await put(reserved.body.upload, bytes);
      return (
        await call('POST', '/api/mcp/workspace/assets/upload/finalize', {
          key,
          body: { uploadId: reserved.body.uploadId },
        })
      ).body;
    };
    const image = await upload('still.png', 'image/png');
    const recording = await upload('take.mp3', 'audio/mpeg');
    expect(
      (await call('POST', '/api/mcp/canvas/node/add', { key, body: { canvasId, id: 'voice', type: 'audio-asset' } }))
        .status,
    ).toBe(201);
    const before = (await call('GET', '/api/mcp/canvas/state', { key, query: { canvasId } })).body;

    // Act
    const refused = await call('POST', '/api/mcp/workspace/assets/place', {
      key,
      body: { assetId: image.id, canvasId, nodeId: 'voice' },
    });
    const afterRefusal = (await call('GET', '/api/mcp/canvas/state', { key, query: { canvasId } })).body;
    const placed = await call('POST', '/api/mcp/workspace/assets/place', {
      key,
      body: { assetId: recording.id, canvasId, nodeId: 'voice' },
    });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: `Node voice (audio-asset) takes only audio assets; asset ${image.id} is image`,
      code: 'validation_failed',
    });
    expect(afterRefusal.version).toBe(before.version);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(
      (await call('GET', '/api/mcp/workspace/assets/usages', { key, query: { assetId: recording.id } })).body.usages,
    ).toEqual([{ canvasId, canvasName: 'Media board', nodeIds: ['voice'], attached: false }]);
    await call('POST', '/api/mcp/canvas/node/delete', { key, body: { canvasId, nodeId: 'voice' } });
  });

  it('purges an asset in use when forced, and counts the usages it left', async () => {
    // Prepare: a canvas upload stays attached to its canvas
    const bytes = randomBytes(1024);
    const reserved = await reserveOnCanvas(key, canvasId, bytes);
    await put(reserved.upload, bytes);
    const asset = (
      await call('POST', '/api/mcp/canvas/r2-upload/finalize', { key, body: { uploadId: reserved.uploadId } })
    ).body;
    const usages = (await call('GET', '/api/mcp/workspace/assets/usages', { key, query: { assetId: asset.id } })).body
      .usages;
    expect(usages).toEqual([{ canvasId, canvasName: 'Media board', nodeIds: [], attached: true }]);
    expect((await call('POST', '/api/mcp/workspace/assets/purge', { key, body: { assetId: asset.id } })).status).toBe(
      409,
    );
    // Act
    const forced = await call('POST', '/api/mcp/workspace/assets/purge', {
      key,
      body: { assetId: asset.id, force: true },
    });
    // Assess
    expect(forced.body).toEqual({ purged: true, assetId: asset.id, usagesLeft: 1 });
    expect(await objectExists(durableKeyOf(asset.workspaceId, asset.id))).toBe(false);
  });
});
