// integration: a workspace's asset library through the real route handlers, DynamoDB Local and s3rver:
// promote, rename, move, tags, filters, trash and restore.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, seedWorkspace } from './support/invoke.ts';
import { put } from './support/asset-uploads.ts';

describe('asset library', () => {
  it('organises the library: promote, rename, move, tags, filters, trash and restore', async () => {
    // Prepare: a fresh workspace, so the library holds only what this test puts there
    const libKey = (await seedWorkspace('Library')).apiKey;
    const board = (await call('POST', '/api/mcp/canvas/create', { key: libKey, body: { name: 'Board' } })).body.id;
    const upload = async (name: string, contentType: string, where: 'canvas' | 'library') => {
      const bytes = randomBytes(100);
      const path = where === 'canvas' ? '/api/mcp/canvas/r2-upload' : '/api/mcp/workspace/assets/upload';
      const reserved = await call('POST', `${path}/reserve`, {
        key: libKey,
        body: { ...(where === 'canvas' ? { canvasId: board } : {}), name, contentType, size: 100 },
      });
      await put(reserved.body.upload, bytes);
      const done = await call('POST', `${path}/finalize`, { key: libKey, body: { uploadId: reserved.body.uploadId } });
      expect(done.status, JSON.stringify(done.body)).toBe(201);
      return done.body;
    };
    const photo = await upload('photo.png', 'image/png', 'library');
    const clip = await upload('clip.mp4', 'video/mp4', 'library');
    const onCanvas = await upload('sketch.webp', 'image/webp', 'canvas');
    const list = async (query: Record<string, string> = {}) =>
      (await call('GET', '/api/mcp/workspace/assets', { key: libKey, query })).body.items.map(
        (asset: { name: string }) => asset.name,
      );
    expect(await list()).toEqual(['photo.png', 'clip.mp4']);

    // Act
    await call('POST', '/api/mcp/canvas/r2-upload/promote-library', {
      key: libKey,
      body: { assetId: onCanvas.id, folder: '/sketches', tags: ['draft'] },
    });
    await call('POST', '/api/mcp/workspace/assets/rename', {
      key: libKey,
      body: { assetId: photo.id, name: 'cover.png' },
    });
    await call('POST', '/api/mcp/workspace/assets/move', {
      key: libKey,
      body: { assetId: photo.id, folder: '/covers' },
    });
    const tagged = await call('POST', '/api/mcp/workspace/assets/tags', {
      key: libKey,
      body: { assetId: clip.id, add: ['launch', 'draft'], remove: ['nothing'] },
    });
    const trashed = await call('POST', '/api/mcp/workspace/assets/trash', { key: libKey, body: { assetId: clip.id } });

    // Assess
    expect(tagged.body.tags).toEqual(['launch', 'draft']);
    expect(trashed.body.trashedAt).toEqual(expect.any(String));
    expect(await list()).toEqual(['cover.png', 'sketch.webp']);
    expect(await list({ kind: 'image', folder: '/covers' })).toEqual(['cover.png']);
    expect(await list({ tag: 'draft' })).toEqual(['sketch.webp']);
    expect(await list({ trashed: 'true' })).toEqual(['clip.mp4']);
    const placeTrashed = await call('POST', '/api/mcp/workspace/assets/place', {
      key: libKey,
      body: { assetId: clip.id, canvasId: board, nodeId: 'x' },
    });
    expect(placeTrashed.status).toBe(409);
    await call('POST', '/api/mcp/workspace/assets/restore', { key: libKey, body: { assetId: clip.id } });
    expect(await list({ tag: 'draft' })).toEqual(['clip.mp4', 'sketch.webp']);
    // Paging: one item per page walks the whole library in order.
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call('GET', '/api/mcp/workspace/assets', {
        key: libKey,
        query: { limit: '1', ...(cursor ? { cursor } : {}) },
      });
      names.push(...page.body.items.map((asset: { name: string }) => asset.name));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(names).toEqual(['cover.png', 'clip.mp4', 'sketch.webp']);
  });
});
