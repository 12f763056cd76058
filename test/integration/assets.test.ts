// integration: the whole asset lifecycle through the real route handlers, DynamoDB Local and s3rver,
// with real bytes PUT to the presigned URLs: reserve → PUT → verify → finalize (onto a node) → usages
// after place, node delete and canvas delete → library filters → trash / restore → purge (refused while
// in use, bytes gone after). Plus cross-workspace isolation of every asset and upload id.
import { createHash, randomBytes } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { durableKeyOf, pendingKeyOf } from '#core/assets/model';
import { ENV } from '#adapters/env';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../lib/local/provision.ts';
import { call, seedWorkspace } from './support/invoke.ts';

const s3 = () =>
  new S3Client({
    endpoint: process.env[ENV.s3Endpoint],
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
  });

async function objectExists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: process.env[ENV.bucketName], Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64');

/**
 * Writes bytes at an upload's pending key past its presigned URL (with the service's own credentials):
 * the URL would refuse them, as S3 does (local-s3-presigned.test.ts), and finalize must refuse them too.
 */
async function writeAround(upload: { url: string }, bytes: Uint8Array, contentType: string) {
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
async function put(
  upload: { url: string; headers: Record<string, string> },
  bytes: Uint8Array,
  override: Record<string, string> = {},
) {
  const { 'Content-Length': _length, ...headers } = upload.headers;
  const response = await fetch(upload.url, { method: 'PUT', headers: { ...headers, ...override }, body: bytes });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('asset lifecycle', () => {
  let key: string;
  let otherKey: string;
  let canvasId: string;

  beforeAll(async () => {
    key = (await seedWorkspace('Assets')).apiKey;
    otherKey = (await seedWorkspace('Someone else')).apiKey;
    const created = await call('POST', '/api/mcp/canvas/create', { key, body: { name: 'Media board' } });
    canvasId = created.body.id;
    for (const id of ['hero', 'backdrop']) {
      expect(
        (await call('POST', '/api/mcp/canvas/node/add', { key, body: { canvasId, id, type: 'text' } })).status,
      ).toBe(201);
    }
  });

  async function reserveOnCanvas(bytes: Uint8Array, contentType = 'image/png', withSum = true) {
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

  it('uploads bytes through the presigned URL, verifies them, and finalizes onto a node in one step', async () => {
    // Prepare
    const bytes = randomBytes(300_000);
    const reserved = await reserveOnCanvas(bytes);
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
    const reserved = await reserveOnCanvas(randomBytes(64));
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

  it(
    'refuses to finalize bytes ' +
      'that differ ' +
      'from the reservation ' +
      '(size, type, checksum), and ' +
      'records nothing',
    async () => {
      // Prepare: bytes written past the presigned URLs (which refuse them)
      const bytes = randomBytes(2048);
      const wrongSum = await reserveOnCanvas(bytes);
      await writeAround(wrongSum.upload, randomBytes(2048), 'image/png');
      const wrongSize = await reserveOnCanvas(bytes, 'image/png', false);
      await writeAround(wrongSize.upload, randomBytes(1000), 'image/png');
      const wrongType = await reserveOnCanvas(bytes, 'image/png', false);
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
    },
  );

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
    const reserved = await reserveOnCanvas(bytes);
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

  it(
    'keeps usages right after place, node ' +
      'delete and canvas delete; ' +
      'purge refuses while in use, ' +
      'then deletes ' +
      'the bytes',
    async () => {
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
      expect(await usagesOf()).toEqual([
        { canvasId, canvasName: 'Media board', nodeIds: ['backdrop'], attached: false },
      ]);

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
      expect(
        (await call('GET', '/api/mcp/workspace/assets/detail', { key, query: { assetId: asset.id } })).status,
      ).toBe(404);
    },
  );

  it(
    'places only assets of their kind on ' +
      'source nodes (400 ' +
      'otherwise, the canvas unchanged); ' +
      'the placed one ' +
      'counts as a usage',
    async () => {
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
    },
  );

  it(
    'counts templates whose frozen nodes ' +
      'name the asset: purge ' +
      'refuses without force, usages ' +
      'name the ' +
      'template',
    async () => {
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
    },
  );

  it('purges an asset in use when forced, and counts the usages it left', async () => {
    // Prepare: a canvas upload stays attached to its canvas
    const bytes = randomBytes(1024);
    const reserved = await reserveOnCanvas(bytes);
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

  it('never lets another workspace see or touch an asset or an upload', async () => {
    // Prepare
    const bytes = randomBytes(256);
    const pending = await reserveOnCanvas(bytes);
    await put(pending.upload, bytes);
    const done = await reserveOnCanvas(bytes);
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
