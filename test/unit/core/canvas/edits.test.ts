// unit: applyEdit — every canvas edit as a pure operation on an in-memory document.
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '#core/errors';
import type { Canvas } from '#core/canvas/model';
import { CanvasEdit, applyEdit } from '#core/canvas/edits';
import { T1, edge, emptyCanvas, node, op } from '../../support/canvases.ts';

/** prompt p → text t → output o, plus an unconnected video node v. */
function pipeline(): Canvas {
  return emptyCanvas({
    nodes: [node('p', 'prompt'), node('t', 'text'), node('o', 'output'), node('v', 'video-generation')],
    edges: [edge('e1', 'p', 'prompt-out', 't', 'text-in'), edge('e2', 't', 'text-out', 'o', 'value-in')],
  });
}

function addEdge(
  canvas: Canvas,
  source: string,
  sourceHandle: string,
  target: string,
  targetHandle: string,
  id?: string,
) {
  return applyEdit(
    canvas,
    op({ op: 'edge/add', source, sourceHandle, target, targetHandle, ...(id ? { id } : {}) }),
    T1,
  );
}

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

describe('applyEdit edge/add', () => {
  it('adds an edge between fitting ports', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('p', 'prompt'), node('a', 'audio-generation')] });

    // Act
    const result = addEdge(canvas, 'p', 'prompt-out', 'a', 'text-in', 'speak');

    // Assess
    const expected = {
      id: 'speak',
      source: 'p',
      sourceHandle: 'prompt-out',
      target: 'a',
      targetHandle: 'text-in',
      createdAt: T1,
    };
    expect(result).toEqual({ kind: 'edge', edge: expected });
    expect(canvas.edges).toEqual([expected]);
  });

  it('generates an edge_ id when none is given', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('p', 'prompt'), node('a', 'audio-generation')] });

    // Act
    const result = addEdge(canvas, 'p', 'prompt-out', 'a', 'text-in');

    // Assess
    expect(result).toMatchObject({ kind: 'edge', edge: { id: expect.stringMatching(/^edge_[0-9a-z]{26}$/) } });
  });

  it('returns 400 when the source node does not exist', () => {
    // Act
    const act = () => addEdge(pipeline(), 'ghost', 'prompt-out', 'o', 'value-in');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Edge source node ghost does not exist on this canvas');
  });

  it('returns 400 when the target node does not exist', () => {
    // Act
    const act = () => addEdge(pipeline(), 'p', 'prompt-out', 'ghost', 'value-in');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Edge target node ghost does not exist on this canvas');
  });

  it('returns 400 listing the outputs when the source port does not exist', () => {
    // Act
    const act = () => addEdge(pipeline(), 'v', 'audio-out', 'o', 'value-in');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Node v (video-generation) has no output port audio-out; its outputs: video-out');
  });

  it('returns 400 when the source is an output node, which has no outputs', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('o', 'output'), node('o2', 'output')] });

    // Act
    const act = () => addEdge(canvas, 'o', 'value-out', 'o2', 'value-in');

    // Assess
    expect(act).toThrow(/its outputs: none/);
  });

  it('returns 400 listing the inputs when the target port does not exist', () => {
    // Act
    const act = () => addEdge(pipeline(), 'p', 'prompt-out', 'v', 'text-in');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Node v (video-generation) has no input port text-in; its inputs: prompt-in, image-in');
  });

  it('returns 400 when the port types do not fit (video-out → text-in)', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('v', 'video-generation'), node('t', 'text')] });

    // Act
    const act = () => addEdge(canvas, 'v', 'video-out', 't', 'text-in');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Port types do not fit: v.video-out is video, t.text-in accepts text');
  });

  it('returns 400 when text is sent to an audio input (text-out → audio-in)', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('t', 'text'), node('s', 'speech-to-speech')] });

    // Act
    const act = () => addEdge(canvas, 't', 'text-out', 's', 'audio-in');

    // Assess
    expect(act).toThrow(/Port types do not fit/);
  });

  it('connects audio-out of audio generation to audio-in of speech-to-speech', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('a', 'audio-generation'), node('s', 'speech-to-speech')] });

    // Act
    addEdge(canvas, 'a', 'audio-out', 's', 'audio-in');

    // Assess
    expect(canvas.edges).toHaveLength(1);
  });

  it.each(['prompt', 'webhook-trigger'] as const)('returns 400 for an edge into a %s trigger', (trigger) => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('src', 'text'), node('trig', trigger)] });

    // Act
    const act = () => addEdge(canvas, 'src', 'text-out', 'trig', 'text-in');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow(`Node trig is a ${trigger} trigger; trigger nodes take no inputs`);
  });

  it('connects each of the six webhook-trigger outputs to a text input', () => {
    // Prepare
    const ports = ['method-out', 'url-out', 'headers-out', 'query-out', 'body-out', 'raw-body-out'];
    const canvas = emptyCanvas({ nodes: [node('hook', 'webhook-trigger'), node('t', 'text')] });

    // Act
    for (const port of ports) addEdge(canvas, 'hook', port, 't', 'text-in');

    // Assess
    expect(canvas.edges.map((e) => e.sourceHandle)).toEqual(ports);
  });

  it('returns 400 when a single-input port already has an edge', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('p1', 'prompt'), node('p2', 'prompt'), node('v', 'video-generation')] });
    addEdge(canvas, 'p1', 'prompt-out', 'v', 'prompt-in');

    // Act
    const act = () => addEdge(canvas, 'p2', 'prompt-out', 'v', 'prompt-in');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Input port v.prompt-in already has an edge and accepts only one');
  });

  it('accepts several edges into a multiple-input port', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('p1', 'prompt'), node('p2', 'prompt'), node('t', 'text')] });

    // Act
    addEdge(canvas, 'p1', 'prompt-out', 't', 'text-in');
    addEdge(canvas, 'p2', 'prompt-out', 't', 'text-in');

    // Assess
    expect(canvas.edges).toHaveLength(2);
  });

  it('returns 409 for an edge that already connects the same ports', () => {
    // Act
    const act = () => addEdge(pipeline(), 'p', 'prompt-out', 't', 'text-in');

    // Assess
    expect(act).toThrow(ConflictError);
    expect(act).toThrow('Edge e1 already connects these ports');
  });

  it('returns 409 for an edge id that is already taken', () => {
    // Prepare
    const canvas = pipeline();

    // Act
    const act = () => addEdge(canvas, 'v', 'video-out', 'o', 'value-in', 'e1');

    // Assess
    expect(act).toThrow(ConflictError);
    expect(canvas.edges).toHaveLength(2);
  });

  it('returns 400 for a self-loop', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('t', 'text')] });

    // Act
    const act = () => addEdge(canvas, 't', 'text-out', 't', 'text-in');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Edge t → t would create a cycle');
  });

  it('returns 400 for an edge that closes a longer cycle', () => {
    // Prepare: a → b → c
    const canvas = emptyCanvas({
      nodes: [node('a', 'text'), node('b', 'text'), node('c', 'text')],
      edges: [edge('ab', 'a', 'text-out', 'b', 'text-in'), edge('bc', 'b', 'text-out', 'c', 'text-in')],
    });

    // Act
    const act = () => addEdge(canvas, 'c', 'text-out', 'a', 'text-in');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow('Edge c → a would create a cycle');
    expect(canvas.edges).toHaveLength(2);
  });

  it('accepts a diamond (two paths to one node), which is not a cycle', () => {
    // Prepare: a → b → d and a → c
    const canvas = emptyCanvas({
      nodes: [node('a', 'text'), node('b', 'text'), node('c', 'text'), node('d', 'text')],
      edges: [
        edge('ab', 'a', 'text-out', 'b', 'text-in'),
        edge('bd', 'b', 'text-out', 'd', 'text-in'),
        edge('ac', 'a', 'text-out', 'c', 'text-in'),
      ],
    });

    // Act
    addEdge(canvas, 'c', 'text-out', 'd', 'text-in');

    // Assess
    expect(canvas.edges).toHaveLength(4);
  });

  it.each([
    ['prompt', 'prompt-out'],
    ['webhook-trigger', 'body-out'],
    ['text', 'text-out'],
    ['video-generation', 'video-out'],
    ['audio-generation', 'audio-out'],
    ['speech-to-speech', 'audio-out'],
  ] as const)('lets the any-typed output input accept %s.%s', (type, port) => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('src', type), node('o', 'output')] });

    // Act
    addEdge(canvas, 'src', port, 'o', 'value-in');

    // Assess
    expect(canvas.edges).toHaveLength(1);
  });
});

describe('applyEdit edge/delete', () => {
  it('removes the edge', () => {
    // Prepare
    const canvas = pipeline();

    // Act
    const result = applyEdit(canvas, op({ op: 'edge/delete', edgeId: 'e1' }), T1);

    // Assess
    expect(result).toEqual({ kind: 'deleted', id: 'e1', removedEdgeIds: ['e1'] });
    expect(canvas.edges.map((e) => e.id)).toEqual(['e2']);
  });

  it('returns 404 for an unknown edge', () => {
    // Act
    const act = () => applyEdit(pipeline(), op({ op: 'edge/delete', edgeId: 'ghost' }), T1);

    // Assess
    expect(act).toThrow(NotFoundError);
  });
});

describe('applyEdit rename', () => {
  it('sets the trimmed name', () => {
    // Prepare
    const canvas = pipeline();

    // Act
    const result = applyEdit(canvas, op({ op: 'rename', name: '  Launch video  ' }), T1);

    // Assess
    expect(result).toEqual({ kind: 'canvas' });
    expect(canvas.name).toBe('Launch video');
  });

  it('rejects a blank name at the schema', () => {
    // Act
    const parsed = CanvasEdit.safeParse({ op: 'rename', name: '   ' });

    // Assess
    expect(parsed.success).toBe(false);
  });
});

describe('applyEdit fit-viewport', () => {
  it('stores the fitted viewport using the default 1280 × 800 screen', () => {
    // Prepare
    const canvas = emptyCanvas({
      nodes: [node('a', 'text', { position: { x: 0, y: 0 }, size: { width: 200, height: 100 } })],
    });

    // Act
    const result = applyEdit(canvas, op({ op: 'fit-viewport' }), T1);

    // Assess
    expect(result).toEqual({ kind: 'viewport', viewport: { x: 540, y: 350, zoom: 1 } });
    expect(canvas.viewport).toEqual({ x: 540, y: 350, zoom: 1 });
  });
});

describe('CanvasEdit', () => {
  it('rejects an unknown operation tag', () => {
    // Act
    const parsed = CanvasEdit.safeParse({ op: 'node/teleport', nodeId: 'a' });

    // Assess
    expect(parsed.success).toBe(false);
  });

  it('rejects unknown fields on an operation (strict)', () => {
    // Act
    const parsed = CanvasEdit.safeParse({ op: 'node/move', nodeId: 'a', position: { x: 0, y: 0 }, zoom: 2 });

    // Assess
    expect(parsed.success).toBe(false);
  });

  it('rejects a client id that starts with a symbol', () => {
    // Act
    const parsed = CanvasEdit.safeParse({ op: 'node/add', id: '-bad', type: 'text' });

    // Assess
    expect(parsed.success).toBe(false);
  });
});
