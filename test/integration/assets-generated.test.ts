// integration: storeGeneratedAsset, the door a run's generated media takes into the asset store —
// streamed bytes land at their durable key with their size and checksum, the asset is attached to its
// canvas (a usage) and stays out of the library; kinds and canvases are checked.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { storeGeneratedAsset } from '#core/assets/generated';
import { assets, canvases } from '#adapters/composition/stores';
import { generatedAssetStorage } from '#adapters/composition/generation';
import { call, seedWorkspace } from './support/invoke.ts';

const deps = { assets, storage: generatedAssetStorage, canvases, clock: systemClock };

describe('storeGeneratedAsset', () => {
  let key: string;
  let workspaceId: string;
  let canvasId: string;

  beforeAll(async () => {
    const seeded = await seedWorkspace('Generated');
    key = seeded.apiKey;
    workspaceId = seeded.workspaceId;
    canvasId = (await call('POST', '/api/mcp/canvas/create', { key, body: { name: 'Gen board' } })).body.id;
  });

  it('streams the bytes in (several multipart parts), records size and checksum, and attaches the asset to its canvas', async () => {
    // Prepare: 6 MiB in 64 KiB chunks, more than one 5 MiB part
    const bytes = randomBytes(6 * 1024 * 1024);
    const chunks = Array.from({ length: bytes.length / 65536 }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));
    // Act
    const asset = await storeGeneratedAsset(
      {
        workspaceId,
        canvasId,
        nodeId: 'video-1',
        contentType: 'video/mp4',
        body: Readable.from(chunks),
        source: { executionId: 'exec_test', provider: 'provider-one' },
      },
      deps,
    );
    // Assess
    expect(asset).toMatchObject({
      kind: 'video',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('base64'),
      canvasId,
      library: false,
      name: 'video-1.mp4',
    });
    expect(asset.source).toEqual({
      type: 'generated',
      executionId: 'exec_test',
      provider: 'provider-one',
      detail: { nodeId: 'video-1' },
    });
    const detail = await call('GET', '/api/mcp/workspace/assets/detail', { key, query: { assetId: asset.id } });
    expect(Buffer.from(await (await fetch(detail.body.downloadUrl)).arrayBuffer()).equals(bytes)).toBe(true);
    const usages = await call('GET', '/api/mcp/workspace/assets/usages', { key, query: { assetId: asset.id } });
    expect(usages.body.usages).toEqual([{ canvasId, canvasName: 'Gen board', nodeIds: [], attached: true }]);
    const listed = await call('GET', '/api/mcp/canvas/assets', { key, query: { canvasId } });
    expect(listed.body.items.map((item: { id: string }) => item.id)).toContain(asset.id);
    expect((await call('GET', '/api/mcp/workspace/assets', { key })).body.items).toEqual([]);
  });

  it('takes plain bytes too, and refuses a content type no kind accepts or a canvas of another workspace', async () => {
    // Act
    const mp3 = await storeGeneratedAsset(
      { workspaceId, canvasId, nodeId: 'tts', contentType: 'audio/mpeg', body: new Uint8Array([1, 2, 3]), source: {} },
      deps,
    );
    const text = storeGeneratedAsset(
      { workspaceId, canvasId, nodeId: 'tts', contentType: 'text/plain', body: new Uint8Array([1]), source: {} },
      deps,
    );
    const foreign = storeGeneratedAsset(
      {
        workspaceId: 'ws_00000000000000000000000000',
        canvasId,
        nodeId: 'tts',
        contentType: 'audio/mpeg',
        body: new Uint8Array([1]),
        source: {},
      },
      deps,
    );
    // Assess
    expect(mp3).toMatchObject({ kind: 'audio', size: 3, name: 'tts.mpeg' });
    await expect(text).rejects.toThrow(/not accepted/);
    await expect(foreign).rejects.toThrow(/not found/);
  });
});
