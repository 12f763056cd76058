// Templates through the real handlers and DynamoDB Local: publish freezes a copy, use makes an
// independent canvas under fresh ids. Snapshots larger than one item, concurrency, delete, isolation
// between workspaces and bad input: templates-storage.test.ts.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids';
import { seedWorkspace } from './support/invoke.ts';
import { get, ok, post, sampleCanvas, seedTemplateWorkspace, session, snapshotOf } from './support/templates.ts';

seedTemplateWorkspace();

describe('publish', () => {
  it('freezes a copy: later edits, renames and deletion of the canvas leave the snapshot unchanged', async () => {
    // Prepare
    const canvasId = await sampleCanvas();
    const source = await ok(get('/api/mcp/canvas/state', { canvasId }));

    // Act
    const published = await ok(
      post('/api/mcp/templates/publish', { canvasId, description: 'Greets people', versionNotes: 'First cut' }),
      201,
    );
    await ok(
      post('/api/mcp/canvas/node/update', { canvasId, nodeId: 'prompt', data: { prompt: 'Changed after publish' } }),
    );
    await ok(post('/api/mcp/canvas/node/document-write', { canvasId, nodeId: 'tpl', content: 'rewritten' }));
    await ok(post('/api/mcp/canvas/edge/delete', { canvasId, edgeId: 'e3' }));
    await ok(post('/api/mcp/canvas/node/add', { canvasId, id: 'late', type: 'text' }), 201);
    await ok(post('/api/mcp/canvas/rename', { canvasId, name: 'Renamed' }));

    // Assess: metadata
    expect(published).toMatchObject({
      id: expect.stringMatching(/^tpl_[0-9a-z]{26}$/),
      workspaceId: session.workspaceId,
      name: 'Greeter',
      description: 'Greets people',
      versionNotes: 'First cut',
      revision: 1,
      sourceCanvasId: canvasId,
      sourceCanvasVersion: source.version,
      nodeCount: 4,
      edgeCount: 3,
      snapshotBytes: expect.any(Number),
      createdAt: expect.any(String),
      publishedAt: expect.any(String),
    });
    // Assess: the snapshot is the canvas as it was when published, without timestamps
    const snapshot = await ok(snapshotOf(published.id));
    expect(snapshot).toMatchObject({ ...published, viewport: source.viewport });
    expect(snapshot.nodes).toEqual(
      source.nodes.map(({ createdAt: _c, updatedAt: _u, webhook: _w, document, ...node }: any) => ({
        ...node,
        ...(document ? { document: { content: document.content, format: document.format } } : {}),
      })),
    );
    expect(snapshot.edges).toEqual(source.edges.map(({ createdAt: _c, ...edge }: any) => edge));

    // Deleting the canvas does not touch the template either.
    await ok(post('/api/mcp/canvas/delete', { canvasId }));
    expect((await ok(snapshotOf(published.id))).nodes).toEqual(snapshot.nodes);
  });

  it('lists templates page by page, oldest first, without their snapshots', async () => {
    // Prepare
    const workspace = await seedWorkspace('Many templates');
    const canvas = await ok(post('/api/mcp/canvas/create', { name: 'Base' }, workspace.apiKey), 201);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (await ok(post('/api/mcp/templates/publish', { canvasId: canvas.id, name: `T${i}` }, workspace.apiKey), 201))
          .id,
      );

    // Act
    const seen: any[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await ok(
        get('/api/mcp/templates/list', { limit: '2', ...(cursor ? { cursor } : {}) }, workspace.apiKey),
      );
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
      if (!cursor) break;
    }

    // Assess
    expect(seen.map((item) => item.id)).toEqual(ids);
    expect(seen.map((item) => item.name)).toEqual(['T0', 'T1', 'T2', 'T3', 'T4']);
    for (const item of seen) {
      expect(item).not.toHaveProperty('nodes');
      expect(item).not.toHaveProperty('parts');
      expect(item).not.toHaveProperty('PK');
    }
  });

  it('republishes under the same id: revision + 1, snapshot replaced, name and description kept unless given', async () => {
    // Prepare
    const canvasId = await sampleCanvas('Republished');
    const first = await ok(
      post('/api/mcp/templates/publish', { canvasId, description: 'v1 description', versionNotes: 'one' }),
      201,
    );
    await ok(post('/api/mcp/canvas/node/update', { canvasId, nodeId: 'prompt', data: { prompt: 'Second prompt' } }));

    // Act
    const second = await ok(
      post('/api/mcp/templates/publish', { canvasId, templateId: first.id, versionNotes: 'two' }),
    );

    // Assess
    expect(second).toMatchObject({
      id: first.id,
      revision: 2,
      name: 'Republished',
      description: 'v1 description',
      versionNotes: 'two',
      createdAt: first.createdAt,
    });
    expect(second.sourceCanvasVersion).toBeGreaterThan(first.sourceCanvasVersion);
    const snapshot = await ok(snapshotOf(first.id));
    expect(snapshot.revision).toBe(2);
    expect(snapshot.nodes.find((node: any) => node.id === 'prompt').data.prompt).toBe('Second prompt');

    // Republishing renames when asked, and version notes do not carry over.
    const third = await ok(post('/api/mcp/templates/publish', { canvasId, templateId: first.id, name: 'New name' }));
    expect(third).toMatchObject({ revision: 3, name: 'New name', description: 'v1 description', versionNotes: '' });
    const listed = await ok(get('/api/mcp/templates/list', { limit: '200' }));
    expect(listed.items.filter((item: any) => item.id === first.id)).toEqual([third]);
  });
});

describe('use', () => {
  it('makes an independent canvas under fresh node and edge ids, with data, documents, edges and viewport copied', async () => {
    // Prepare
    const canvasId = await sampleCanvas('Source');
    const registered = await ok(post('/api/mcp/webhooks/register', { canvasId, triggerNodeId: 'hook' }), 201);
    const template = await ok(post('/api/mcp/templates/publish', { canvasId }), 201);
    const snapshot = await ok(snapshotOf(template.id));

    // Act
    const used = await ok(post('/api/mcp/templates/use', { templateId: template.id, name: 'From template' }), 201);

    // Assess: a new canvas, version 1, in this workspace
    expect(used).toMatchObject({
      name: 'From template',
      workspaceId: session.workspaceId,
      version: 1,
      archived: false,
      templateId: template.id,
      templateRevision: 1,
    });
    expect(used.id).toMatch(/^cnv_/);
    expect(used.id).not.toBe(canvasId);
    // Fresh ids for every node and edge, mapped one to one
    expect(Object.keys(used.nodeIds).sort()).toEqual(['hook', 'out', 'prompt', 'tpl']);
    expect(Object.keys(used.edgeIds).sort()).toEqual(['e1', 'e2', 'e3']);
    for (const id of Object.values(used.nodeIds)) expect(id).toMatch(/^node_[0-9a-z]{26}$/);
    for (const id of Object.values(used.edgeIds)) expect(id).toMatch(/^edge_[0-9a-z]{26}$/);
    expect(new Set(Object.values(used.nodeIds)).size).toBe(4);
    // Same content under the new ids
    const state = await ok(get('/api/mcp/canvas/state', { canvasId: used.id }));
    expect(state.viewport).toEqual(snapshot.viewport);
    for (const node of snapshot.nodes) {
      const copy = state.nodes.find((candidate: any) => candidate.id === used.nodeIds[node.id]);
      expect(copy).toMatchObject({ type: node.type, position: node.position, data: node.data });
      expect(copy.size).toEqual(node.size);
      if (node.document) expect(copy.document).toMatchObject(node.document);
      else expect(copy.document).toBeUndefined();
    }
    for (const edge of snapshot.edges) {
      expect(state.edges).toContainEqual(
        expect.objectContaining({
          id: used.edgeIds[edge.id],
          source: used.nodeIds[edge.source],
          sourceHandle: edge.sourceHandle,
          target: used.nodeIds[edge.target],
          targetHandle: edge.targetHandle,
        }),
      );
    }
    // No live trigger: the webhook-trigger node starts unregistered, and the source's secret stays the source's
    expect(state.nodes.find((node: any) => node.id === used.nodeIds.hook).webhook).toMatchObject({
      configuration: 'Not configured',
    });
    const again = await ok(
      post('/api/mcp/webhooks/register', { canvasId: used.id, triggerNodeId: used.nodeIds.hook }),
      201,
    );
    expect(again.created).toBe(true);
    expect(again.webhookSecret).not.toBe(registered.webhookSecret);

    // The canvas is editable by the ordinary routes, and edits do not reach the template
    await ok(
      post('/api/mcp/canvas/node/update', {
        canvasId: used.id,
        nodeId: used.nodeIds.prompt,
        data: { prompt: 'Edited copy' },
      }),
    );
    const edge = await ok(
      post('/api/mcp/canvas/ports/validate', {
        canvasId: used.id,
        source: used.nodeIds.prompt,
        sourceHandle: 'prompt-out',
        target: used.nodeIds.out,
        targetHandle: 'value-in',
      }),
    );
    expect(edge).toEqual({ valid: true, warnings: [] });
    expect((await ok(snapshotOf(template.id))).nodes).toEqual(snapshot.nodes);
  });

  it("takes the template's name by default and a client-chosen canvas id once", async () => {
    // Prepare
    const canvasId = await sampleCanvas('Named by template');
    const template = await ok(post('/api/mcp/templates/publish', { canvasId, name: 'Template name' }), 201);
    const chosen = `from-template-${randomBytes(4).toString('hex')}`;

    // Act
    const used = await ok(post('/api/mcp/templates/use', { templateId: template.id, canvasId: chosen }), 201);
    const taken = await post('/api/mcp/templates/use', { templateId: template.id, canvasId: chosen });

    // Assess
    expect(used).toMatchObject({ id: chosen, name: 'Template name' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(/already exists/);
  });

  it('keeps asset ids in node data as they are: a canvas made in the same workspace names the same assets', async () => {
    // Prepare: an asset id is opaque to templates (the asset library resolves it)
    const canvas = await ok(post('/api/mcp/canvas/create', { name: 'With asset' }), 201);
    const data = { text: 'hi', assetId: newId('ast') };
    await ok(
      post('/api/mcp/canvas/node/add', { canvasId: canvas.id, id: 'voice', type: 'audio-generation', data }),
      201,
    );
    const template = await ok(post('/api/mcp/templates/publish', { canvasId: canvas.id }), 201);

    // Act
    const used = await ok(post('/api/mcp/templates/use', { templateId: template.id }), 201);

    // Assess
    expect((await ok(snapshotOf(template.id))).nodes[0].data).toEqual(data);
    expect(used.nodes.find((node: any) => node.id === used.nodeIds.voice).data).toEqual(data);
  });
});
