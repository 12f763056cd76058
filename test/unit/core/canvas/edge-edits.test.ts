// unit: applyEdit — the edge edits (add, delete), rename and fit-viewport as pure operations on an
// in-memory document, and the CanvasEdit schema. The node edits: edits.test.ts.
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '#core/errors';
import type { Canvas } from '#core/canvas/model';
import { CanvasEdit, applyEdit } from '#core/canvas/edits';
import { T1, edge, emptyCanvas, node, op, pipeline } from '../../support/canvases.ts';

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
