// integration: every asset and template tool called successfully through the MCP gateway (local mode
// over HTTP) with the SDK's own Client, which checks each structuredContent against the tool's
// outputSchema — as one chain a user would walk: reserve → PUT real bytes to the presigned URL (s3rver)
// → verify → finalize onto a node → promote → list → rename / move / tag → place → usages → publish a
// template → snapshot → use → trash → restore → purge (bytes gone); the library upload surface with
// its cancel (pending bytes gone) and finalize; templates deleted.
import { createHash, randomBytes } from 'node:crypto';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durableKeyOf, pendingKeyOf } from '#core/assets/model';
import { ENV } from '#adapters/env';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../lib/local/provision.ts';
import { startRunsStack, type RunsStack } from './support/runs-stack.ts';

let stack: RunsStack;
let client: Client;
const called = new Set<string>();

beforeAll(async () => {
  stack = await startRunsStack();
  client = new Client({ name: 'assets-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/api/mcp?toolsets=assets,templates', stack.local.appUrl), {
      requestInit: { headers: { authorization: `Bearer ${stack.key}` } },
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});

async function tool(name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  called.add(name);
  return result.structuredContent;
}

async function objectExists(key: string): Promise<boolean> {
  const s3 = new S3Client({
    endpoint: process.env[ENV.s3Endpoint],
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
  });
  try {
    await s3.send(new HeadObjectCommand({ Bucket: process.env[ENV.bucketName], Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  } finally {
    s3.destroy();
  }
}

async function put(upload: { url: string; headers: Record<string, string> }, bytes: Uint8Array) {
  const { 'Content-Length': _length, ...headers } = upload.headers;
  expect((await fetch(upload.url, { method: 'PUT', headers, body: bytes })).status).toBe(200);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64');

describe('asset and template tools on the gateway', () => {
  it('walk the whole chain, each answer valid against its output schema', async () => {
    // A canvas with a node to hold media.
    const canvas = await tool('create_canvas', { name: 'Media chain' });
    await tool('add_node', { canvasId: canvas.id, id: 'hero', type: 'text' });
    await tool('add_node', { canvasId: canvas.id, id: 'poster', type: 'text' });

    // Canvas upload: reserve → PUT → verify → finalize onto the node → promote.
    const bytes = randomBytes(2048);
    const reserved = await tool('reserve_canvas_upload', {
      canvasId: canvas.id,
      name: 'hero.png',
      contentType: 'image/png',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    await put(reserved.upload, bytes);
    expect(await tool('verify_canvas_upload', { uploadId: reserved.uploadId })).toMatchObject({
      ready: true,
      size: bytes.length,
    });
    const asset = await tool('finalize_canvas_upload', { uploadId: reserved.uploadId, nodeId: 'hero' });
    expect(await objectExists(durableKeyOf(stack.workspaceId, asset.id))).toBe(true);
    expect(
      (await tool('list_canvas_assets', { canvasId: canvas.id })).items.map((item: { id: string }) => item.id),
    ).toContain(asset.id);
    expect(await tool('promote_canvas_asset', { assetId: asset.id, folder: '/brand', tags: ['hero'] })).toMatchObject({
      library: true,
      folder: '/brand',
    });

    // The library: list, detail, rename, move, tags, place, usages.
    expect((await tool('list_assets', { folder: '/brand' })).items.map((item: { id: string }) => item.id)).toEqual([
      asset.id,
    ]);
    expect(await tool('get_asset', { assetId: asset.id })).toMatchObject({
      id: asset.id,
      downloadUrl: expect.stringContaining('X-Amz-Signature'),
    });
    await tool('rename_asset', { assetId: asset.id, name: 'Hero shot.png' });
    await tool('move_asset', { assetId: asset.id, folder: '/brand/2026' });
    expect(await tool('tag_asset', { assetId: asset.id, add: ['approved'] })).toMatchObject({
      tags: ['hero', 'approved'],
    });
    await tool('place_asset', { assetId: asset.id, canvasId: canvas.id, nodeId: 'poster' });
    const usages = await tool('get_asset_usages', { assetId: asset.id });
    expect(usages.usages).toEqual([
      expect.objectContaining({
        canvasId: canvas.id,
        nodeIds: expect.arrayContaining(['hero', 'poster']),
        attached: true,
      }),
    ]);

    // Templates: publish the canvas, read its snapshot, start a canvas from it.
    const template = await tool('publish_template', { canvasId: canvas.id, name: 'Media chain template' });
    expect((await tool('list_templates')).items.map((item: { id: string }) => item.id)).toContain(template.id);
    const snapshot = await tool('get_template_snapshot', { templateId: template.id });
    expect(snapshot.nodes.map((node: { id: string }) => node.id).sort()).toEqual(['hero', 'poster']);
    const copy = await tool('use_template', { templateId: template.id, name: 'From template' });
    expect(copy.id).not.toBe(canvas.id);

    // Trash, restore, then purge for good (forced: it is still placed): the bytes go.
    expect(await tool('trash_asset', { assetId: asset.id })).toMatchObject({ trashedAt: expect.any(String) });
    expect(await tool('restore_asset', { assetId: asset.id })).toMatchObject({ trashedAt: null });
    await tool('purge_asset', { assetId: asset.id, force: true });
    expect(await objectExists(durableKeyOf(stack.workspaceId, asset.id))).toBe(false);
    await tool('delete_template', { templateId: template.id });
    expect((await tool('list_templates')).items.map((item: { id: string }) => item.id)).not.toContain(template.id);

    // The library upload surface: cancel removes the pending bytes; finalize records the asset.
    const abandoned = randomBytes(300);
    const pending = await tool('reserve_asset_upload', {
      name: 'draft.mp3',
      contentType: 'audio/mpeg',
      size: abandoned.length,
    });
    await put(pending.upload, abandoned);
    expect(await objectExists(pendingKeyOf(stack.workspaceId, pending.uploadId))).toBe(true);
    await tool('cancel_asset_upload', { uploadId: pending.uploadId });
    expect(await objectExists(pendingKeyOf(stack.workspaceId, pending.uploadId))).toBe(false);
    const kept = randomBytes(400);
    const library = await tool('reserve_asset_upload', {
      name: 'theme.mp3',
      contentType: 'audio/mpeg',
      size: kept.length,
      folder: '/audio',
    });
    await put(library.upload, kept);
    expect(await tool('finalize_asset_upload', { uploadId: library.uploadId })).toMatchObject({
      library: true,
      folder: '/audio',
      kind: 'audio',
    });

    // A canvas upload that is abandoned: cancel removes its pending bytes too.
    const dropped = await tool('reserve_canvas_upload', {
      canvasId: canvas.id,
      name: 'x.png',
      contentType: 'image/png',
      size: 16,
    });
    await put(dropped.upload, randomBytes(16));
    await tool('cancel_canvas_upload', { uploadId: dropped.uploadId });
    expect(await objectExists(pendingKeyOf(stack.workspaceId, dropped.uploadId))).toBe(false);
  });

  it('has called every asset and template tool the gateway lists', async () => {
    const { tools } = await client.listTools();
    const assetAndTemplateTools = tools
      .map((listed) => listed.name)
      .filter((name) => /asset|upload|template/.test(name));
    expect(assetAndTemplateTools.length).toBe(24);
    expect(assetAndTemplateTools.filter((name) => !called.has(name))).toEqual([]);
  });
});
