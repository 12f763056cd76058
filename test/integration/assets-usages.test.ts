// integration: where an asset is used, through the real route handlers, DynamoDB Local and s3rver: usages
// after place, node delete and canvas delete, and templates whose frozen nodes hold it.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { durableKeyOf } from '#core/assets/model';
import { call } from './support/invoke.ts';
import { assetBoard, objectExists, put, sha256 } from './support/asset-uploads.ts';

describe('asset usages', () => {
  let key: string;
  let canvasId: string;

  beforeAll(async () => {
    ({ key, canvasId } = await assetBoard());
  });

  it('keeps usages right after place, node delete and canvas delete; purge refuses while in use, then deletes the bytes', async () => {
    // Prepare: a library upload
    const bytes = randomBytes(4096);
    const reserved = await call('POST', '/api/mcp/workspace/assets/upload/reserve', {
      key,
      body: {
        name: 'theme.mp3',
        contentType: 'audio/mpeg',
        size: bytes.length,
        sha256: sha256(bytes),
        folder: '/music',
        tags: ['theme'],
      },
    });
    await put(reserved.body.upload, bytes);
    const asset = (
      await call('POST', '/api/mcp/workspace/assets/upload/finalize', {
        key,
        body: { uploadId: reserved.body.uploadId },
      })
    ).body;
    expect(asset).toMatchObject({ library: true, canvasId: null, folder: '/music', tags: ['theme'] });
    const second = (await call('POST', '/api/mcp/canvas/create', { key, body: { name: 'Second board' } })).body.id;
    await call('POST', '/api/mcp/canvas/node/add', { key, body: { canvasId: second, id: 'a', type: 'text' } });
    await call('POST', '/api/mcp/canvas/node/add', { key, body: { canvasId: second, id: 'b', type: 'text' } });
    const usagesOf = async () =>
      (await call('GET', '/api/mcp/workspace/assets/usages', { key, query: { assetId: asset.id } })).body.usages;
    expect(await usagesOf()).toEqual([]);

    // Act + Assess: place on two nodes of one canvas and one of another
    for (const [target, nodeId] of [
      [second, 'a'],
      [second, 'b'],
      [canvasId, 'backdrop'],
    ] as const) {
      const placed = await call('POST', '/api/mcp/workspace/assets/place', {
        key,
        body: { assetId: asset.id, canvasId: target, nodeId },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    const sorted = <T extends { canvasId: string }>(usages: T[]) =>
      [...usages].sort((x, y) => x.canvasId.localeCompare(y.canvasId));
    expect(sorted(await usagesOf())).toEqual(
      sorted([
        { canvasId: second, canvasName: 'Second board', nodeIds: ['a', 'b'], attached: false },
        { canvasId, canvasName: 'Media board', nodeIds: ['backdrop'], attached: false },
      ]),
    );

    // node delete drops that node from the usages
    await call('POST', '/api/mcp/canvas/node/delete', { key, body: { canvasId: second, nodeId: 'a' } });
    expect(sorted(await usagesOf())).toEqual(
      sorted([
        { canvasId: second, canvasName: 'Second board', nodeIds: ['b'], attached: false },
        { canvasId, canvasName: 'Media board', nodeIds: ['backdrop'], attached: false },
      ]),
    );
    // canvas delete drops the canvas
    await call('POST', '/api/mcp/canvas/delete', { key, body: { canvasId: second } });
    expect(await usagesOf()).toEqual([{ canvasId, canvasName: 'Media board', nodeIds: ['backdrop'], attached: false }]);

    // purge is refused while in use; nothing is deleted
    const refused = await call('POST', '/api/mcp/workspace/assets/purge', { key, body: { assetId: asset.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('backdrop');
    expect(await objectExists(durableKeyOf(asset.workspaceId, asset.id))).toBe(true);

    // a node update that replaces the asset frees it; then purge deletes bytes and record
    await call('POST', '/api/mcp/canvas/node/update', {
      key,
      body: { canvasId, nodeId: 'backdrop', data: { label: 'plain' }, merge: false },
    });
    expect(await usagesOf()).toEqual([]);
    const purged = await call('POST', '/api/mcp/workspace/assets/purge', { key, body: { assetId: asset.id } });
    expect(purged.body).toEqual({ purged: true, assetId: asset.id, usagesLeft: 0 });
    expect(await objectExists(durableKeyOf(asset.workspaceId, asset.id))).toBe(false);
    expect((await call('GET', '/api/mcp/workspace/assets/detail', { key, query: { assetId: asset.id } })).status).toBe(
      404,
    );
  });

  it('counts templates whose frozen nodes name the asset: purge refuses without force, usages name the template', async () => {
    // Prepare: a library asset placed on a node, frozen into a template, then removed from the canvas
    const bytes = randomBytes(200);
    const reserved = await call('POST', '/api/mcp/workspace/assets/upload/reserve', {
      key,
      body: { name: 'logo.png', contentType: 'image/png', size: bytes.length },
    });
    await put(reserved.body.upload, bytes);
    const asset = (
      await call('POST', '/api/mcp/workspace/assets/upload/finalize', {
        key,
        body: { uploadId: reserved.body.uploadId },
      })
    ).body;
    const board = (await call('POST', '/api/mcp/canvas/create', { key, body: { name: 'Template source' } })).body.id;
    await call('POST', '/api/mcp/canvas/node/add', { key, body: { canvasId: board, id: 'logo', type: 'text' } });
    expect(
      (
        await call('POST', '/api/mcp/workspace/assets/place', {
          key,
          body: { assetId: asset.id, canvasId: board, nodeId: 'logo' },
        })
      ).status,
    ).toBe(200);
    const template = await call('POST', '/api/mcp/templates/publish', {
      key,
      body: { canvasId: board, name: 'Branded' },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    expect(
      (await call('POST', '/api/mcp/canvas/node/delete', { key, body: { canvasId: board, nodeId: 'logo' } })).status,
    ).toBe(200);

    // Act
    const usages = await call('GET', '/api/mcp/workspace/assets/usages', { key, query: { assetId: asset.id } });
    const refused = await call('POST', '/api/mcp/workspace/assets/purge', {
      key,
      body: { assetId: asset.id, force: false },
    });

    // Assess
    expect(usages.body).toEqual({
      assetId: asset.id,
      usages: [],
      templates: [{ templateId: template.body.id, templateName: 'Branded', nodeIds: ['logo'] }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain(`template ${template.body.id}`);
    expect(
      await objectExists(
        durableKeyOf(asset.workspaceId ?? reserved.body.upload.url.match(/ws_[0-9a-z]{26}/)![0], asset.id),
      ),
    ).toBe(true);
    // Deleting the template frees the asset.
    expect(
      (await call('POST', '/api/mcp/templates/delete', { key, body: { templateId: template.body.id } })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/mcp/workspace/assets/purge', { key, body: { assetId: asset.id, force: false } }))
        .status,
    ).toBe(200);
  });
});
