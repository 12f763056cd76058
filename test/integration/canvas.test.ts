// Canvas authoring through the handlers and DynamoDB Local: lifecycle, nodes and edges, port rules,
// optimistic concurrency. Isolation between workspaces and bad input: canvas-isolation.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, seedWorkspace } from './support/invoke.ts';
import { addEdge, addNode, newCanvas, state } from './support/canvas-calls.ts';

let key: string;
let workspaceId: string;

beforeAll(async () => {
  const workspace = await seedWorkspace('Canvas tests');
  key = workspace.apiKey;
  workspaceId = workspace.workspaceId;
});

describe('canvas lifecycle', () => {
  it('creates, lists, renames, archives, restores and deletes a canvas', async () => {
    // Create
    const created = await call('POST', '/api/mcp/canvas/create', { key, body: { name: 'Launch video' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Launch video',
      workspaceId,
      version: 1,
      nodes: [],
      edges: [],
      archived: false,
    });
    const canvasId = created.body.id;
    expect(canvasId).toMatch(/^cnv_/);

    // List shows id, name, workspaceId, updatedAt
    const listed = await call('GET', '/api/canvases', { key, query: { limit: '200' } });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ id: canvasId, name: 'Launch video', workspaceId, updatedAt: expect.any(String) }),
    );

    // Rename
    const renamed = await call('POST', '/api/mcp/canvas/rename', { key, body: { canvasId, name: 'Launch video v2' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Launch video v2', version: 2 });

    // Archive: hidden from the default list, refuses edits, still readable
    const archived = await call('POST', '/api/mcp/canvas/archive', { key, body: { canvasId } });
    expect(archived.body.archived).toBe(true);
    const hidden = await call('GET', '/api/canvases', { key, query: { limit: '200' } });
    expect(hidden.body.items.map((item: { id: string }) => item.id)).not.toContain(canvasId);
    const withArchived = await call('GET', '/api/canvases', { key, query: { limit: '200', includeArchived: 'true' } });
    expect(withArchived.body.items.map((item: { id: string }) => item.id)).toContain(canvasId);
    const editArchived = await addNode(key, canvasId, { type: 'prompt' });
    expect(editArchived.status).toBe(409);
    expect(editArchived.body.error).toMatch(/archived/);

    // Restore
    const restored = await call('POST', '/api/mcp/canvas/restore', { key, body: { canvasId } });
    expect(restored.body.archived).toBe(false);
    expect((await addNode(key, canvasId, { type: 'prompt' })).status).toBe(201);

    // Delete
    const deleted = await call('POST', '/api/mcp/canvas/delete', { key, body: { canvasId } });
    expect(deleted.status).toBe(200);
    expect((await call('GET', '/api/mcp/canvas/state', { key, query: { canvasId } })).status).toBe(404);
    expect((await call('POST', '/api/mcp/canvas/delete', { key, body: { canvasId } })).status).toBe(404);
  });

  it('paginates the canvas list of a large workspace', async () => {
    const workspace = await seedWorkspace('Many canvases');
    for (let i = 0; i < 7; i++)
      await call('POST', '/api/mcp/canvas/create', { key: workspace.apiKey, body: { name: `c${i}` } });
    const seen = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await call('GET', '/api/canvases', {
        key: workspace.apiKey,
        query: { limit: '3', ...(cursor ? { cursor } : {}) },
      });
      expect(page.status).toBe(200);
      for (const item of page.body.items) seen.add(item.id);
      cursor = page.body.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(seen.size).toBe(7);
    expect(pages).toBeGreaterThanOrEqual(3);
  });
});

describe('nodes and edges', () => {
  it('builds prompt → text → output and webhook-trigger → output, and reads it back', async () => {
    const canvasId = await newCanvas(key);
    const prompt = await addNode(key, canvasId, {
      id: 'prompt-1',
      type: 'prompt',
      position: { x: 0, y: 0 },
      data: { prompt: 'Hello' },
    });
    expect(prompt.status).toBe(201);
    expect(prompt.body).toMatchObject({
      id: 'prompt-1',
      type: 'prompt',
      data: { prompt: 'Hello' },
      canvasId,
      canvasVersion: 2,
    });
    expect((await addNode(key, canvasId, { id: 'hook', type: 'webhook-trigger' })).status).toBe(201);
    expect(
      (await addNode(key, canvasId, { id: 'tpl', type: 'text', data: { template: 'Say: {{input}}' } })).status,
    ).toBe(201);
    const generated = await addNode(key, canvasId, { type: 'output' });
    expect(generated.body.id).toMatch(/^node_/);
    const outputId = generated.body.id;

    const e1 = await addEdge(key, canvasId, {
      id: 'e1',
      source: 'prompt-1',
      sourceHandle: 'prompt-out',
      target: 'tpl',
      targetHandle: 'text-in',
    });
    expect(e1.status).toBe(201);
    expect(e1.body).toMatchObject({ id: 'e1', source: 'prompt-1', target: 'tpl' });
    expect(
      (
        await addEdge(key, canvasId, {
          source: 'tpl',
          sourceHandle: 'text-out',
          target: outputId,
          targetHandle: 'value-in',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await addEdge(key, canvasId, {
          source: 'hook',
          sourceHandle: 'body-out',
          target: outputId,
          targetHandle: 'value-in',
        })
      ).status,
    ).toBe(201);

    const canvas = await state(key, canvasId);
    expect(canvas.nodes.map((node: { id: string }) => node.id)).toEqual(['prompt-1', 'hook', 'tpl', outputId]);
    expect(canvas.edges).toHaveLength(3);
    expect(canvas.version).toBe(8);
  });

  it('updates, moves, resizes, writes a document, fits the viewport and deletes with connected edges', async () => {
    const canvasId = await newCanvas(key);
    await addNode(key, canvasId, { id: 'a', type: 'text', position: { x: 0, y: 0 } });
    await addNode(key, canvasId, { id: 'b', type: 'output', position: { x: 2000, y: 0 } });
    await addEdge(key, canvasId, {
      id: 'ab',
      source: 'a',
      sourceHandle: 'text-out',
      target: 'b',
      targetHandle: 'value-in',
    });

    const updated = await call('POST', '/api/mcp/canvas/node/update', {
      key,
      body: { canvasId, nodeId: 'a', data: { template: 'x {{input}}' } },
    });
    expect(updated.body.data).toEqual({ template: 'x {{input}}' });
    const moved = await call('POST', '/api/mcp/canvas/node/move', {
      key,
      body: { canvasId, nodeId: 'a', position: { x: 10, y: 20 } },
    });
    expect(moved.body.position).toEqual({ x: 10, y: 20 });
    const resized = await call('POST', '/api/mcp/canvas/node/resize', {
      key,
      body: { canvasId, nodeId: 'a', size: { width: 400, height: 300 } },
    });
    expect(resized.body.size).toEqual({ width: 400, height: 300 });
    const doc = await call('POST', '/api/mcp/canvas/node/document-write', {
      key,
      body: { canvasId, nodeId: 'a', content: '# Notes' },
    });
    expect(doc.body.document).toMatchObject({ content: '# Notes', format: 'markdown' });
    const fitted = await call('POST', '/api/mcp/canvas/fit-viewport', {
      key,
      body: { canvasId, width: 1000, height: 800 },
    });
    expect(fitted.status).toBe(200);
    expect(fitted.body.viewport.zoom).toBeLessThan(1);

    const deleted = await call('POST', '/api/mcp/canvas/node/delete', { key, body: { canvasId, nodeId: 'a' } });
    expect(deleted.body).toMatchObject({ deleted: true, id: 'a', removedEdgeIds: ['ab'] });
    const canvas = await state(key, canvasId);
    expect(canvas.nodes.map((node: { id: string }) => node.id)).toEqual(['b']);
    expect(canvas.edges).toEqual([]);
    expect((await call('POST', '/api/mcp/canvas/edge/delete', { key, body: { canvasId, edgeId: 'ab' } })).status).toBe(
      404,
    );
  });

  it('rejects edges that do not fit with a 400 that says why, and leaves the canvas unchanged', async () => {
    const canvasId = await newCanvas(key);
    await addNode(key, canvasId, { id: 'p', type: 'prompt' });
    await addNode(key, canvasId, { id: 'hook', type: 'webhook-trigger' });
    await addNode(key, canvasId, { id: 't1', type: 'text' });
    await addNode(key, canvasId, { id: 't2', type: 'text' });
    await addNode(key, canvasId, { id: 'video', type: 'video-generation' });
    await addNode(key, canvasId, { id: 'sts', type: 'speech-to-speech' });
    await addEdge(key, canvasId, { source: 't1', sourceHandle: 'text-out', target: 't2', targetHandle: 'text-in' });
    const before = await state(key, canvasId);

    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ source: 'video', sourceHandle: 'video-out', target: 't1', targetHandle: 'text-in' }, /do not fit/],
      [{ source: 'p', sourceHandle: 'prompt-out', target: 'sts', targetHandle: 'audio-in' }, /do not fit/],
      [{ source: 'p', sourceHandle: 'nope', target: 't1', targetHandle: 'text-in' }, /no output port nope/],
      [{ source: 'p', sourceHandle: 'prompt-out', target: 't1', targetHandle: 'nope' }, /no input port nope/],
      [
        { source: 't1', sourceHandle: 'text-out', target: 'hook', targetHandle: 'body-in' },
        /trigger nodes take no inputs/,
      ],
      [
        { source: 't1', sourceHandle: 'text-out', target: 'p', targetHandle: 'prompt-in' },
        /trigger nodes take no inputs/,
      ],
      [{ source: 't2', sourceHandle: 'text-out', target: 't1', targetHandle: 'text-in' }, /cycle/],
      [{ source: 'ghost', sourceHandle: 'text-out', target: 't1', targetHandle: 'text-in' }, /ghost does not exist/],
    ];
    for (const [edge, why] of cases) {
      const validated = await call('POST', '/api/mcp/canvas/ports/validate', { key, body: { canvasId, ...edge } });
      expect(validated.status, JSON.stringify(edge)).toBe(400);
      expect(validated.body.error).toMatch(why);
      const added = await addEdge(key, canvasId, edge);
      expect(added.status, JSON.stringify(edge)).toBe(400);
      expect(added.body.error).toMatch(why);
    }
    const ok = await call('POST', '/api/mcp/canvas/ports/validate', {
      key,
      body: { canvasId, source: 'hook', sourceHandle: 'raw-body-out', target: 'video', targetHandle: 'prompt-in' },
    });
    expect(ok).toMatchObject({ status: 200, body: { valid: true } });
    // Every node on it can run: the edge fits and nothing is warned about.
    expect(ok.body.warnings).toEqual([]);
    const plain = await newCanvas(key);
    await addNode(key, plain, { id: 'p', type: 'prompt' });
    await addNode(key, plain, { id: 't', type: 'text' });
    const clean = await call('POST', '/api/mcp/canvas/ports/validate', {
      key,
      body: { canvasId: plain, source: 'p', sourceHandle: 'prompt-out', target: 't', targetHandle: 'text-in' },
    });
    expect(clean.body).toEqual({ valid: true, warnings: [] });
    expect(await state(key, canvasId)).toEqual(before);
  });

  it('answers 409 for an existing node id and for a stale expectedVersion', async () => {
    const canvasId = await newCanvas(key);
    const first = await addNode(key, canvasId, { id: 'n', type: 'text' });
    expect((await addNode(key, canvasId, { id: 'n', type: 'text' })).status).toBe(409);
    const stale = await call('POST', '/api/mcp/canvas/node/move', {
      key,
      body: { canvasId, nodeId: 'n', position: { x: 1, y: 1 }, expectedVersion: first.body.canvasVersion - 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/version/);
    const current = await call('POST', '/api/mcp/canvas/node/move', {
      key,
      body: { canvasId, nodeId: 'n', position: { x: 1, y: 1 }, expectedVersion: first.body.canvasVersion },
    });
    expect(current.status).toBe(200);
  });

  it('keeps every one of many concurrent edits (none silently lost)', async () => {
    const canvasId = await newCanvas(key);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => addNode(key, canvasId, { id: `n${i}`, type: 'text' })),
    );
    const statuses = responses.map((response) => response.status);
    const canvas = await state(key, canvasId);
    // Each edit either landed (201) or was refused loudly (409); a 201 whose node is missing would be a lost write.
    for (const [i, response] of responses.entries()) {
      expect([201, 409]).toContain(response.status);
      expect(canvas.nodes.some((node: { id: string }) => node.id === `n${i}`)).toBe(response.status === 201);
    }
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(5);
    expect(canvas.version).toBe(1 + statuses.filter((status) => status === 201).length);
  });

  it('applies a patch all or nothing', async () => {
    const canvasId = await newCanvas(key);
    const good = await call('POST', '/api/mcp/canvas/patch', {
      key,
      body: {
        canvasId,
        operations: [
          { op: 'node/add', id: 'p', type: 'prompt' },
          { op: 'node/add', id: 'o', type: 'output' },
          { op: 'edge/add', id: 'po', source: 'p', sourceHandle: 'prompt-out', target: 'o', targetHandle: 'value-in' },
          { op: 'rename', name: 'Patched' },
        ],
      },
    });
    expect(good.status).toBe(200);
    expect(good.body.canvasVersion).toBe(2);
    expect(good.body.canvas.name).toBe('Patched');
    const bad = await call('POST', '/api/mcp/canvas/patch', {
      key,
      body: {
        canvasId,
        operations: [
          { op: 'node/add', id: 'x', type: 'text' },
          { op: 'node/delete', nodeId: 'missing' },
        ],
      },
    });
    expect(bad.status).toBe(404);
    const canvas = await state(key, canvasId);
    expect(canvas.version).toBe(2);
    expect(canvas.nodes.map((node: { id: string }) => node.id)).toEqual(['p', 'o']);
  });
});
