// Templates through the real handlers and DynamoDB Local: snapshots larger than one item, republish
// under concurrency, delete, isolation between workspaces for every template id, and bad input.
import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { table } from '#adapters/dynamodb/client';
import { TEMPLATE_PART_BYTES } from '#adapters/dynamodb/template-parts';
import { CANVAS_MAX_BYTES } from '#core/canvas/model';
import { seedWorkspace } from './support/invoke.ts';
import { get, ok, post, sampleCanvas, seedTemplateWorkspace, snapshotOf, storedItems } from './support/templates.ts';

seedTemplateWorkspace();

describe('snapshots larger than one item', () => {
  it('stores a canvas near the size limit in several parts, reads it back whole, and leaves no part behind on republish and delete', async () => {
    // Prepare: two ~170 KB documents of random base64 (gzip cannot shrink them much) bring the canvas near its limit
    const canvas = await ok(post('/api/mcp/canvas/create', { name: 'Large' }), 201);
    const canvasId = canvas.id as string;
    const documentChars = Math.floor((CANVAS_MAX_BYTES - 8 * 1024) / 2);
    const documents = [
      randomBytes(documentChars).toString('base64').slice(0, documentChars),
      randomBytes(documentChars).toString('base64').slice(0, documentChars),
    ];
    for (const [index, content] of documents.entries()) {
      await ok(post('/api/mcp/canvas/node/add', { canvasId, id: `doc${index}`, type: 'text' }), 201);
      await ok(
        post('/api/mcp/canvas/node/document-write', { canvasId, nodeId: `doc${index}`, content, format: 'text' }),
      );
    }
    await ok(
      post('/api/mcp/canvas/edge/add', {
        canvasId,
        source: 'doc0',
        sourceHandle: 'text-out',
        target: 'doc1',
        targetHandle: 'text-in',
      }),
      201,
    );

    // Act
    const template = await ok(post('/api/mcp/templates/publish', { canvasId }), 201);

    // Assess: more than one part, each well inside DynamoDB's 400 KB item limit
    expect(template.snapshotBytes).toBeGreaterThan(CANVAS_MAX_BYTES - 16 * 1024);
    const stored = await storedItems(template.id);
    expect(stored.metadata).toHaveLength(1);
    expect(stored.parts.length).toBeGreaterThanOrEqual(2);
    for (const part of stored.parts) {
      expect((part.data as Uint8Array).byteLength).toBeLessThanOrEqual(TEMPLATE_PART_BYTES);
      expect(part.revision).toBe(1);
    }
    const snapshot = await ok(snapshotOf(template.id));
    expect(snapshot.nodes.map((node: any) => node.document.content)).toEqual(documents);
    // A canvas made from it holds the same documents (and still fits the canvas limit)
    const used = await ok(post('/api/mcp/templates/use', { templateId: template.id }), 201);
    const copy = await ok(get('/api/mcp/canvas/state', { canvasId: used.id }));
    expect(copy.nodes.map((node: any) => node.document.content)).toEqual(documents);
    expect(copy.edges).toHaveLength(1);

    // Republish from a small canvas: one part, the stale ones gone
    await ok(post('/api/mcp/canvas/node/delete', { canvasId, nodeId: 'doc1' }));
    await ok(
      post('/api/mcp/canvas/node/document-write', { canvasId, nodeId: 'doc0', content: 'small now', format: 'text' }),
    );
    await ok(post('/api/mcp/templates/publish', { canvasId, templateId: template.id }));
    const shrunk = await storedItems(template.id);
    expect(shrunk.parts).toHaveLength(1);
    expect(shrunk.parts[0]!.revision).toBe(2);
    expect((await ok(snapshotOf(template.id))).nodes.map((node: any) => node.document.content)).toEqual(['small now']);

    // Delete: metadata and every part
    await ok(post('/api/mcp/templates/delete', { templateId: template.id }));
    expect(await storedItems(template.id)).toEqual({ metadata: [], parts: [] });
  });
});

describe('concurrency', () => {
  /** A canvas of text nodes doc0, doc1, … whose documents are `contents`. */
  async function documentCanvas(...contents: string[]) {
    const canvas = await ok(post('/api/mcp/canvas/create', { name: 'Doc' }), 201);
    for (const [index, content] of contents.entries()) {
      await ok(post('/api/mcp/canvas/node/add', { canvasId: canvas.id, id: `doc${index}`, type: 'text' }), 201);
      await ok(
        post('/api/mcp/canvas/node/document-write', {
          canvasId: canvas.id,
          nodeId: `doc${index}`,
          content,
          format: 'text',
        }),
      );
    }
    return canvas.id as string;
  }
  const documentsOf = (snapshot: any) => snapshot.nodes.map((node: any) => node.document.content);

  it('counts every republish that succeeded, refuses the ones that lost a race with 409, and keeps one whole revision', async () => {
    // Prepare
    const canvasId = await documentCanvas('base');
    const template = await ok(post('/api/mcp/templates/publish', { canvasId }), 201);

    // Act
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post('/api/mcp/templates/publish', { canvasId, templateId: template.id, versionNotes: `race ${i}` }),
      ),
    );

    // Assess
    const statuses = answers.map((answer) => answer.status);
    for (const status of statuses) expect([200, 409]).toContain(status);
    const won = statuses.filter((status) => status === 200).length;
    expect(won).toBeGreaterThanOrEqual(1);
    const snapshot = await ok(snapshotOf(template.id));
    expect(snapshot.revision).toBe(1 + won);
    const winnerNotes = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.versionNotes);
    expect(winnerNotes).toContain(snapshot.versionNotes);
    const stored = await storedItems(template.id);
    expect(stored.parts.map((part) => part.revision)).toEqual([1 + won]);
  });

  it('never answers a snapshot mixing two revisions while multi-part republishes land', async () => {
    // Prepare: two near-limit canvases of incompressible text (two documents each), each stored in several parts
    const half = Math.floor((CANVAS_MAX_BYTES - 8 * 1024) / 2);
    const text = () => randomBytes(half).toString('base64').slice(0, half);
    const contentA = [text(), text()];
    const contentB = [text(), text()];
    const [canvasA, canvasB] = [await documentCanvas(...contentA), await documentCanvas(...contentB)];
    const template = await ok(post('/api/mcp/templates/publish', { canvasId: canvasA }), 201);
    expect((await storedItems(template.id)).parts.length).toBeGreaterThanOrEqual(2);

    // Act: republish A, B, A, B one after another while reads run alongside
    let republishing = true;
    const republishes = (async () => {
      for (const canvasId of [canvasB, canvasA, canvasB, canvasA])
        await ok(post('/api/mcp/templates/publish', { canvasId, templateId: template.id }));
      republishing = false;
    })();
    const answers: Awaited<ReturnType<typeof snapshotOf>>[] = [];
    const readers = Array.from({ length: 3 }, async () => {
      while (republishing) answers.push(await snapshotOf(template.id));
    });
    await Promise.all([republishes, ...readers]);
    expect(answers.length).toBeGreaterThan(0);

    // Assess: each read is one whole revision (A or B, with the matching source canvas), or a 409 to retry
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.status);
      if (answer.status !== 200) continue;
      const fromA = answer.body.sourceCanvasId === canvasA;
      expect(documentsOf(answer.body)).toEqual(fromA ? contentA : contentB);
    }
    const final = await ok(snapshotOf(template.id));
    expect(final).toMatchObject({ revision: 5, sourceCanvasId: canvasA });
    expect(documentsOf(final)).toEqual(contentA);
  });
});

describe("a read between a republish's metadata and parts", () => {
  it("takes only parts of the metadata's revision: parts of another revision are a 409 with Retry-After, never a mixed snapshot", async () => {
    // Prepare: what a reader sees if a republish commits between its GetItem and its Query — the
    // metadata of one revision beside a part of another (written here directly, to make the race certain)
    const canvasId = await sampleCanvas('Racing reads');
    const template = await ok(post('/api/mcp/templates/publish', { canvasId }), 201);
    const { client, tableName } = table();
    const [part] = (await storedItems(template.id)).parts;
    await client.send(new PutCommand({ TableName: tableName, Item: { ...part, revision: 2 } }));

    // Act
    const during = await snapshotOf(template.id);
    const useDuring = await post('/api/mcp/templates/use', { templateId: template.id });
    await client.send(new PutCommand({ TableName: tableName, Item: part }));
    const after = await snapshotOf(template.id);

    // Assess
    expect(during.status).toBe(409);
    expect(during.headers['retry-after']).toBe('1');
    expect(during.body.error).toMatch(/being republished or deleted; retry/);
    expect(useDuring.status).toBe(409);
    expect(after.status).toBe(200);
    expect(after.body.nodeCount).toBe(4);
  });
});

describe('delete', () => {
  it('removes the template; canvases made from it stay; a second delete is 404', async () => {
    // Prepare
    const canvasId = await sampleCanvas('To delete');
    const template = await ok(post('/api/mcp/templates/publish', { canvasId }), 201);
    const used = await ok(post('/api/mcp/templates/use', { templateId: template.id }), 201);

    // Act
    const deleted = await ok(post('/api/mcp/templates/delete', { templateId: template.id }));

    // Assess
    expect(deleted).toEqual({ deleted: true, id: template.id });
    expect((await snapshotOf(template.id)).status).toBe(404);
    expect((await post('/api/mcp/templates/use', { templateId: template.id })).status).toBe(404);
    expect((await post('/api/mcp/templates/publish', { canvasId, templateId: template.id })).status).toBe(404);
    expect((await post('/api/mcp/templates/delete', { templateId: template.id })).status).toBe(404);
    expect((await get('/api/mcp/canvas/state', { canvasId: used.id })).status).toBe(200);
  });
});

describe('isolation between workspaces', () => {
  it("answers 404 to another workspace's key for every template id and canvas id, and shows none of its data", async () => {
    // Prepare
    const canvasId = await sampleCanvas('Private');
    const template = await ok(post('/api/mcp/templates/publish', { canvasId, description: 'secret description' }), 201);
    const other = await seedWorkspace('Intruder');
    const otherCanvas = await ok(post('/api/mcp/canvas/create', { name: 'Theirs' }, other.apiKey), 201);

    // Act
    const answers = {
      snapshot: await snapshotOf(template.id, other.apiKey),
      use: await post('/api/mcp/templates/use', { templateId: template.id }, other.apiKey),
      republish: await post(
        '/api/mcp/templates/publish',
        { canvasId: otherCanvas.id, templateId: template.id },
        other.apiKey,
      ),
      publishForeignCanvas: await post('/api/mcp/templates/publish', { canvasId }, other.apiKey),
      delete: await post('/api/mcp/templates/delete', { templateId: template.id }, other.apiKey),
    };
    const theirList = await ok(get('/api/mcp/templates/list', { limit: '200' }, other.apiKey));
    // A cursor sealed to this workspace's partition is refused in the other
    const ours = await seedWorkspace('Paged');
    const oursCanvas = await ok(post('/api/mcp/canvas/create', { name: 'P' }, ours.apiKey), 201);
    for (let i = 0; i < 2; i++)
      await ok(post('/api/mcp/templates/publish', { canvasId: oursCanvas.id }, ours.apiKey), 201);
    const firstPage = await ok(get('/api/mcp/templates/list', { limit: '1' }, ours.apiKey));
    const foreignCursor = await get(
      '/api/mcp/templates/list',
      { limit: '1', cursor: firstPage.nextCursor },
      other.apiKey,
    );

    // Assess
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBe(404);
      expect(Object.keys(answer.body), name).toEqual(['error', 'code']);
      expect(JSON.stringify(answer.body), name).not.toContain('secret description');
    }
    expect(theirList.items).toEqual([]);
    expect(foreignCursor.status).toBe(400);
    // The template is untouched, and the other workspace got no canvas from it
    expect((await ok(snapshotOf(template.id))).revision).toBe(1);
    const theirCanvases = await ok(get('/api/canvases', { limit: '200' }, other.apiKey));
    expect(theirCanvases.items.map((item: any) => item.id)).toEqual([otherCanvas.id]);
  });
});

describe('bad input', () => {
  it.each([
    ['publish without canvasId', '/api/mcp/templates/publish', {}],
    ['publish with an unknown field', '/api/mcp/templates/publish', { canvasId: 'cnv_x', extra: true }],
    ['publish with an empty name', '/api/mcp/templates/publish', { canvasId: 'cnv_x', name: '   ' }],
    ['publish with a 201-character name', '/api/mcp/templates/publish', { canvasId: 'cnv_x', name: 'n'.repeat(201) }],
    [
      'publish with 2,001 characters of notes',
      '/api/mcp/templates/publish',
      { canvasId: 'cnv_x', versionNotes: 'n'.repeat(2001) },
    ],
    ['use without templateId', '/api/mcp/templates/use', {}],
    ['use with a malformed templateId', '/api/mcp/templates/use', { templateId: '../tpl' }],
    ['use with a malformed canvasId', '/api/mcp/templates/use', { templateId: 'tpl_x', canvasId: 'has space' }],
    ['delete with a numeric templateId', '/api/mcp/templates/delete', { templateId: 42 }],
  ])('answers 400 to %s, writing nothing', async (_name, path, body) => {
    const before = await ok(get('/api/mcp/templates/list', { limit: '200' }));
    const answer = await post(path, body);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.error).toBe('string');
    expect(await ok(get('/api/mcp/templates/list', { limit: '200' }))).toEqual(before);
  });

  it('answers 400 to a snapshot without templateId and to a list limit out of range', async () => {
    expect((await get('/api/mcp/templates/snapshot', {})).status).toBe(400);
    expect((await get('/api/mcp/templates/list', { limit: '0' })).status).toBe(400);
    expect((await get('/api/mcp/templates/list', { limit: '201' })).status).toBe(400);
    expect((await get('/api/mcp/templates/list', { cursor: 'not-a-cursor' })).status).toBe(400);
  });

  it('answers 404 to unknown ids', async () => {
    expect((await snapshotOf('tpl_00000000000000000000000000')).status).toBe(404);
    expect((await post('/api/mcp/templates/publish', { canvasId: 'cnv_missing' })).status).toBe(404);
  });
});
