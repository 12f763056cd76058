// Canvas authoring through the handlers and DynamoDB Local: isolation between workspaces, bad input, and
// the workspace routes beside the canvases.
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_TYPES } from '#core/canvas/node-types';
import { call, seedWorkspace } from './support/invoke.ts';
import { addNode, newCanvas, state } from './support/canvas-calls.ts';

let key: string;

beforeAll(async () => {
  key = (await seedWorkspace('Canvas tests')).apiKey;
});

describe('isolation and bad input', () => {
  it("answers 404 for another workspace's canvas, whatever the route", async () => {
    const canvasId = await newCanvas(key, 'Private');
    const intruder = (await seedWorkspace('Intruder')).apiKey;
    const attempts = [
      call('GET', '/api/mcp/canvas/state', { key: intruder, query: { canvasId } }),
      call('POST', '/api/mcp/canvas/rename', { key: intruder, body: { canvasId, name: 'mine' } }),
      call('POST', '/api/mcp/canvas/node/add', { key: intruder, body: { canvasId, type: 'text' } }),
      call('POST', '/api/mcp/canvas/delete', { key: intruder, body: { canvasId } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body.error).not.toContain('Private');
    }
    expect((await state(key, canvasId)).name).toBe('Private');
  });

  it('answers 400 to malformed JSON, wrong types, unknown fields and unknown node types', async () => {
    const canvasId = await newCanvas(key);
    const malformed = await call('POST', '/api/mcp/canvas/node/add', { key, rawBody: '{"canvasId": ' });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'Malformed JSON body' } });
    const wrongType = await addNode(key, canvasId, { type: 'text', position: { x: 'left', y: 0 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toContain('position.x');
    const unknownField = await addNode(key, canvasId, { type: 'text', colour: 'red' });
    expect(unknownField.status).toBe(400);
    const unknownType = await addNode(key, canvasId, { type: 'teleporter' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.error).toContain('type');
    const badData = await addNode(key, canvasId, { type: 'prompt', data: { prompt: 42 } });
    expect(badData.status).toBe(400);
    expect(badData.body.error).toContain('data.prompt');
    const badLimit = await call('GET', '/api/canvases', { key, query: { limit: '0' } });
    expect(badLimit.status).toBe(400);
    expect((await state(key, canvasId)).nodes).toEqual([]);
  });

  it('answers 413 to a body over the route limit', async () => {
    const canvasId = await newCanvas(key);
    const response = await call('POST', '/api/mcp/canvas/node/document-write', {
      key,
      rawBody: JSON.stringify({ canvasId, nodeId: 'x', content: 'a'.repeat(300 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.error).toMatch(/at most/);
  });

  it('serves the port manifest with every node type', async () => {
    const response = await call('GET', '/api/mcp/canvas/ports/manifest', { key });
    expect(response.status).toBe(200);
    const types = response.body.nodeTypes.map((type: { type: string }) => type.type);
    expect(types).toEqual(Object.keys(NODE_TYPES));
    const webhook = response.body.nodeTypes.find((type: { type: string }) => type.type === 'webhook-trigger');
    expect(webhook.inputs).toEqual([]);
    expect(webhook.outputs.map((port: { name: string }) => port.name)).toEqual([
      'method-out',
      'url-out',
      'headers-out',
      'query-out',
      'body-out',
      'raw-body-out',
    ]);
    const availability = Object.fromEntries(
      response.body.nodeTypes.map((type: { type: string; available: boolean; unavailableReason?: string }) => [
        type.type,
        type.unavailableReason ?? type.available,
      ]),
    );
    // Every type is available here: the generation nodes' providers run on their local stand-ins.
    expect(availability).toEqual(Object.fromEntries(Object.keys(NODE_TYPES).map((type) => [type, true])));
  });
});

describe('workspace routes', () => {
  it('reads info and members and renames the workspace', async () => {
    const workspace = await seedWorkspace('Acme');
    const info = await call('GET', '/api/mcp/workspace/info', { key: workspace.apiKey });
    expect(info.body).toMatchObject({ id: workspace.workspaceId, name: 'Acme' });
    const members = await call('GET', '/api/mcp/workspace/members', { key: workspace.apiKey });
    expect(members.body.items).toEqual([expect.objectContaining({ userId: workspace.ownerUserId, role: 'owner' })]);
    const renamed = await call('POST', '/api/mcp/workspace/rename', {
      key: workspace.apiKey,
      body: { name: 'Acme Studio' },
    });
    expect(renamed.body.name).toBe('Acme Studio');
    expect(
      (await call('POST', '/api/mcp/workspace/rename', { key: workspace.apiKey, body: { name: '' } })).status,
    ).toBe(400);
  });
});
