// unit: applyEdit — the node edits (add, update, document write, move, resize, delete) as pure operations
// on an in-memory document. The edge and canvas edits: edge-edits.test.ts.
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '#core/errors';
import { CanvasEdit, applyEdit } from '#core/canvas/edits';
import { T1, edge, emptyCanvas, node, op, pipeline } from '../../support/canvases.ts';

describe('applyEdit node/add', () => {
  it('adds a node with the given id, position, size and data', () => {
    // Prepare
    const canvas = emptyCanvas();

    // Act
    const result = applyEdit(
      canvas,
      op({
        op: 'node/add',
        id: 'intro',
        type: 'prompt',
        position: { x: 10, y: 20 },
        size: { width: 300, height: 100 },
        data: { prompt: 'Hi' },
      }),
      T1,
    );

    // Assess
    const expected = {
      id: 'intro',
      type: 'prompt',
      position: { x: 10, y: 20 },
      size: { width: 300, height: 100 },
      data: { prompt: 'Hi' },
      createdAt: T1,
      updatedAt: T1,
    };
    expect(result).toEqual({ kind: 'node', node: expected });
    expect(canvas.nodes).toEqual([expected]);
  });

  it('generates a node_ id, places the node at the origin and stores empty data when none are given', () => {
    // Prepare
    const canvas = emptyCanvas();

    // Act
    const result = applyEdit(canvas, op({ op: 'node/add', type: 'output' }), T1);

    // Assess
    if (result.kind !== 'node') throw new Error(`expected a node result, got ${result.kind}`);
    expect(result.node.id).toMatch(/^node_[0-9a-z]{26}$/);
    expect(result.node.position).toEqual({ x: 0, y: 0 });
    expect(result.node.data).toEqual({});
    expect(result.node).not.toHaveProperty('size');
  });

  it('generates distinct ids for nodes added without one', () => {
    // Prepare
    const canvas = emptyCanvas();

    // Act
    for (let i = 0; i < 20; i++) applyEdit(canvas, op({ op: 'node/add', type: 'text' }), T1);

    // Assess
    expect(new Set(canvas.nodes.map((n) => n.id)).size).toBe(20);
  });

  it('returns 409 when a node with the id already exists', () => {
    // Prepare
    const canvas = pipeline();

    // Act
    const act = () => applyEdit(canvas, op({ op: 'node/add', id: 'p', type: 'text' }), T1);

    // Assess
    expect(act).toThrow(ConflictError);
    expect(act).toThrow('Node p already exists on this canvas');
    expect(canvas.nodes).toHaveLength(4);
  });

  it.each([
    ['prompt', { prompt: 42 }, /data\.prompt/],
    ['text', { template: 'x'.repeat(20_001) }, /data\.template/],
    ['video-generation', { provider: 'provider-three' }, /data\.provider/],
    ['audio-generation', { voice: 7 }, /data\.voice/],
    ['speech-to-speech', { removeBackgroundNoise: 'yes' }, /data\.removeBackgroundNoise/],
    ['output', { label: 'x'.repeat(201) }, /data\.label/],
  ] as const)('returns 400 naming the field when %s data is invalid', (type, data, field) => {
    // Prepare
    const canvas = emptyCanvas();

    // Act
    const act = () => applyEdit(canvas, op({ op: 'node/add', type, data }), T1);

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow(new RegExp(`Invalid data for a ${type} node`));
    expect(act).toThrow(field);
    expect(canvas.nodes).toEqual([]);
  });

  it.each([
    'prompt',
    'webhook-trigger',
    'text',
    'video-generation',
    'audio-generation',
    'speech-to-speech',
    'output',
  ] as const)('returns 400 naming an unknown data field on a %s node', (type) => {
    // Prepare
    const canvas = emptyCanvas();

    // Act
    const act = () => applyEdit(canvas, op({ op: 'node/add', type, data: { bogus: 1 } }), T1);

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow(/bogus/);
  });

  it('accepts the type-specific fields of video generation', () => {
    // Prepare
    const canvas = emptyCanvas();
    const data = {
      label: 'Clip',
      provider: 'provider-two',
      endpointId: 'ref-to-video',
      prompt: 'a cat',
      modelParams: { duration: 5 },
    };

    // Act
    const result = applyEdit(canvas, op({ op: 'node/add', id: 'v', type: 'video-generation', data }), T1);

    // Assess
    expect(result).toMatchObject({ kind: 'node', node: { data } });
  });

  it('rejects an unknown node type at the schema', () => {
    // Act
    const parsed = CanvasEdit.safeParse({ op: 'node/add', type: 'teleporter' });

    // Assess
    expect(parsed.success).toBe(false);
  });
});

describe('applyEdit node/update', () => {
  it('merges data into the stored data by default', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('p', 'prompt', { data: { label: 'Intro', prompt: 'old' } })] });

    // Act
    applyEdit(canvas, op({ op: 'node/update', nodeId: 'p', data: { prompt: 'new' } }), T1);

    // Assess
    expect(canvas.nodes[0]).toMatchObject({ data: { label: 'Intro', prompt: 'new' }, updatedAt: T1 });
  });

  it('replaces the stored data when merge is false', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('p', 'prompt', { data: { label: 'Intro', prompt: 'old' } })] });

    // Act
    applyEdit(canvas, op({ op: 'node/update', nodeId: 'p', data: { prompt: 'new' }, merge: false }), T1);

    // Assess
    expect(canvas.nodes[0]?.data).toEqual({ prompt: 'new' });
  });

  it('returns 400 and leaves the node unchanged when merged data is invalid', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('p', 'prompt', { data: { prompt: 'old' } })] });

    // Act
    const act = () => applyEdit(canvas, op({ op: 'node/update', nodeId: 'p', data: { extra: true } }), T1);

    // Assess
    expect(act).toThrow(ValidationError);
    expect(canvas.nodes[0]).toMatchObject({ data: { prompt: 'old' }, updatedAt: '2025-01-15T10:00:00.000Z' });
  });

  it('returns 404 for an unknown node', () => {
    // Prepare
    const canvas = emptyCanvas();

    // Act
    const act = () => applyEdit(canvas, op({ op: 'node/update', nodeId: 'ghost', data: {} }), T1);

    // Assess
    expect(act).toThrow(NotFoundError);
  });

  it('changes the type when the node’s edges still fit', () => {
    // Prepare: prompt → t.text-in only; audio generation also has a text-in input
    const canvas = emptyCanvas({
      nodes: [node('p', 'prompt'), node('t', 'text')],
      edges: [edge('e1', 'p', 'prompt-out', 't', 'text-in')],
    });

    // Act
    applyEdit(canvas, op({ op: 'node/update', nodeId: 't', type: 'audio-generation', data: { voice: 'v1' } }), T1);

    // Assess
    expect(canvas.nodes[1]).toMatchObject({ type: 'audio-generation', data: { voice: 'v1' } });
    expect(canvas.edges).toHaveLength(1);
  });

  it('returns 400 naming the edges a type change would break, and changes nothing', () => {
    // Prepare
    const canvas = pipeline();
    const before = structuredClone(canvas);

    // Act: text-out → o.value-in cannot survive, video-generation has no text-out
    const act = () => applyEdit(canvas, op({ op: 'node/update', nodeId: 't', type: 'video-generation' }), T1);

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Changing t to video-generation would break edges e1, e2; delete them first');
    expect(canvas).toEqual(before);
  });

  it('returns 400 when a node with inputs would become a trigger', () => {
    // Prepare
    const canvas = pipeline();

    // Act
    const act = () => applyEdit(canvas, op({ op: 'node/update', nodeId: 't', type: 'prompt' }), T1);

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow(/e1/);
  });

  it('returns 400 when a type change would leave two edges on a single-input port', () => {
    // Prepare: two prompts feed t.text-in (multiple); audio-generation's text-in takes one edge
    const canvas = emptyCanvas({
      nodes: [node('p1', 'prompt'), node('p2', 'prompt'), node('t', 'text')],
      edges: [edge('e1', 'p1', 'prompt-out', 't', 'text-in'), edge('e2', 'p2', 'prompt-out', 't', 'text-in')],
    });

    // Act
    const act = () => applyEdit(canvas, op({ op: 'node/update', nodeId: 't', type: 'audio-generation' }), T1);

    // Assess: a direct edge/add of the second edge is refused, so the type change must be too
    expect(act).toThrow(ValidationError);
    expect(canvas.nodes[2]?.type).toBe('text');
  });
});

describe('applyEdit node/document-write', () => {
  it('stores the document with markdown as the default format', () => {
    // Prepare
    const canvas = pipeline();

    // Act
    const result = applyEdit(canvas, op({ op: 'node/document-write', nodeId: 't', content: '# Notes' }), T1);

    // Assess
    expect(result).toMatchObject({
      kind: 'node',
      node: { id: 't', document: { content: '# Notes', format: 'markdown', updatedAt: T1 }, updatedAt: T1 },
    });
  });

  it('replaces an earlier document and keeps the given format', () => {
    // Prepare
    const canvas = pipeline();
    applyEdit(canvas, op({ op: 'node/document-write', nodeId: 't', content: 'first' }), T1);

    // Act
    applyEdit(canvas, op({ op: 'node/document-write', nodeId: 't', content: '{"a":1}', format: 'json' }), T1);

    // Assess
    expect(canvas.nodes.find((n) => n.id === 't')?.document).toEqual({
      content: '{"a":1}',
      format: 'json',
      updatedAt: T1,
    });
  });

  it('returns 404 for an unknown node', () => {
    // Act
    const act = () => applyEdit(pipeline(), op({ op: 'node/document-write', nodeId: 'ghost', content: 'x' }), T1);

    // Assess
    expect(act).toThrow(NotFoundError);
  });
});

describe('applyEdit node/move', () => {
  it('sets the position', () => {
    // Prepare
    const canvas = pipeline();

    // Act
    applyEdit(canvas, op({ op: 'node/move', nodeId: 'o', position: { x: -50, y: 400.5 } }), T1);

    // Assess
    expect(canvas.nodes.find((n) => n.id === 'o')).toMatchObject({ position: { x: -50, y: 400.5 }, updatedAt: T1 });
  });

  it('returns 404 for an unknown node', () => {
    // Act
    const act = () => applyEdit(pipeline(), op({ op: 'node/move', nodeId: 'ghost', position: { x: 0, y: 0 } }), T1);

    // Assess
    expect(act).toThrow(NotFoundError);
  });

  it('rejects a non-finite position at the schema', () => {
    // Act
    const parsed = CanvasEdit.safeParse({ op: 'node/move', nodeId: 'o', position: { x: Infinity, y: 0 } });

    // Assess
    expect(parsed.success).toBe(false);
  });
});

describe('applyEdit node/resize', () => {
  it('sets the size', () => {
    // Prepare
    const canvas = pipeline();

    // Act
    applyEdit(canvas, op({ op: 'node/resize', nodeId: 'o', size: { width: 640, height: 360 } }), T1);

    // Assess
    expect(canvas.nodes.find((n) => n.id === 'o')).toMatchObject({ size: { width: 640, height: 360 }, updatedAt: T1 });
  });

  it('returns 404 for an unknown node', () => {
    // Act
    const act = () =>
      applyEdit(pipeline(), op({ op: 'node/resize', nodeId: 'ghost', size: { width: 1, height: 1 } }), T1);

    // Assess
    expect(act).toThrow(NotFoundError);
  });

  it('rejects a zero width at the schema', () => {
    // Act
    const parsed = CanvasEdit.safeParse({ op: 'node/resize', nodeId: 'o', size: { width: 0, height: 10 } });

    // Assess
    expect(parsed.success).toBe(false);
  });
});

describe('applyEdit node/delete', () => {
  it('removes the node and every edge connected to it', () => {
    // Prepare
    const canvas = pipeline();

    // Act
    const result = applyEdit(canvas, op({ op: 'node/delete', nodeId: 't' }), T1);

    // Assess
    expect(result).toEqual({ kind: 'deleted', id: 't', removedEdgeIds: ['e1', 'e2'] });
    expect(canvas.nodes.map((n) => n.id)).toEqual(['p', 'o', 'v']);
    expect(canvas.edges).toEqual([]);
  });

  it('leaves edges between other nodes in place', () => {
    // Prepare
    const canvas = pipeline();

    // Act
    const result = applyEdit(canvas, op({ op: 'node/delete', nodeId: 'o' }), T1);

    // Assess
    expect(result).toEqual({ kind: 'deleted', id: 'o', removedEdgeIds: ['e2'] });
    expect(canvas.edges.map((e) => e.id)).toEqual(['e1']);
  });

  it('returns 404 for an unknown node', () => {
    // Act
    const act = () => applyEdit(pipeline(), op({ op: 'node/delete', nodeId: 'ghost' }), T1);

    // Assess
    expect(act).toThrow(NotFoundError);
  });
});
