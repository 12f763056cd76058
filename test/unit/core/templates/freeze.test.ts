// unit: freezeCanvas (what a template keeps) and instantiate (a new canvas from a snapshot, under fresh
// ids, checked against today's node catalogue).
import { describe, expect, it } from 'vitest';
import { ConflictError } from '#core/errors';
import { CANVAS_MAX_BYTES } from '#core/canvas/model';
import { freezeCanvas, instantiate } from '#core/templates/freeze';
import type { TemplateSnapshot } from '#core/templates/model';
import { T0, T1, edge, emptyCanvas, node } from '../../support/canvases.ts';

const TARGET = { canvasId: 'cnv_new', workspaceId: 'ws_test', name: 'Copy', now: T1, templateId: 'tpl_test' };

function sampleCanvas() {
  return emptyCanvas({
    version: 7,
    viewport: { x: 12, y: -4, zoom: 0.5 },
    nodes: [
      node('prompt', 'prompt', { data: { prompt: 'Hi', label: 'Start' } }),
      node('tpl', 'text', {
        position: { x: 400, y: 0 },
        size: { width: 300, height: 200 },
        data: { template: '{{input}}!' },
        document: { content: '# Notes', format: 'markdown', updatedAt: T0 },
      }),
      node('out', 'output', { position: { x: 800, y: 0 } }),
    ],
    edges: [edge('e1', 'prompt', 'prompt-out', 'tpl', 'text-in'), edge('e2', 'tpl', 'text-out', 'out', 'value-in')],
  });
}

describe('freezeCanvas', () => {
  it('keeps nodes, edges, documents and viewport, and leaves timestamps behind', () => {
    // Act
    const snapshot = freezeCanvas(sampleCanvas());
    // Assess
    expect(snapshot).toEqual({
      viewport: { x: 12, y: -4, zoom: 0.5 },
      nodes: [
        { id: 'prompt', type: 'prompt', position: { x: 0, y: 0 }, data: { prompt: 'Hi', label: 'Start' } },
        {
          id: 'tpl',
          type: 'text',
          position: { x: 400, y: 0 },
          size: { width: 300, height: 200 },
          data: { template: '{{input}}!' },
          document: { content: '# Notes', format: 'markdown' },
        },
        { id: 'out', type: 'output', position: { x: 800, y: 0 }, data: {} },
      ],
      edges: [
        { id: 'e1', source: 'prompt', sourceHandle: 'prompt-out', target: 'tpl', targetHandle: 'text-in' },
        { id: 'e2', source: 'tpl', sourceHandle: 'text-out', target: 'out', targetHandle: 'value-in' },
      ],
    });
  });

  it('is a deep copy: changing the canvas afterwards does not change the snapshot', () => {
    // Prepare
    const canvas = sampleCanvas();
    canvas.nodes[0]!.data.nested = { list: [1, 2] };
    const snapshot = freezeCanvas(canvas);
    // Act
    (canvas.nodes[0]!.data.nested as { list: number[] }).list.push(3);
    canvas.nodes[1]!.position.x = 999;
    canvas.viewport.zoom = 2;
    // Assess
    expect(snapshot.nodes[0]!.data.nested).toEqual({ list: [1, 2] });
    expect(snapshot.nodes[1]!.position.x).toBe(400);
    expect(snapshot.viewport.zoom).toBe(0.5);
  });
});

describe('instantiate', () => {
  it('builds a version-1 canvas under fresh node and edge ids, edges following their nodes', () => {
    // Prepare
    const snapshot = freezeCanvas(sampleCanvas());
    // Act
    const { canvas, nodeIds, edgeIds } = instantiate(snapshot, TARGET);
    // Assess
    expect(canvas).toMatchObject({
      id: 'cnv_new',
      workspaceId: 'ws_test',
      name: 'Copy',
      version: 1,
      archived: false,
      archivedAt: null,
      createdAt: T1,
      updatedAt: T1,
    });
    expect(canvas.viewport).toEqual(snapshot.viewport);
    expect(Object.keys(nodeIds)).toEqual(['prompt', 'tpl', 'out']);
    for (const id of [...Object.values(nodeIds), ...Object.values(edgeIds)])
      expect(id).toMatch(/^(node|edge)_[0-9a-z]{26}$/);
    expect(canvas.nodes.map((n) => n.id)).toEqual(Object.values(nodeIds));
    expect(canvas.nodes[1]).toMatchObject({
      type: 'text',
      size: { width: 300, height: 200 },
      document: { content: '# Notes', format: 'markdown', updatedAt: T1 },
      createdAt: T1,
    });
    expect(canvas.edges).toEqual([
      {
        id: edgeIds.e1,
        source: nodeIds.prompt,
        sourceHandle: 'prompt-out',
        target: nodeIds.tpl,
        targetHandle: 'text-in',
        createdAt: T1,
      },
      {
        id: edgeIds.e2,
        source: nodeIds.tpl,
        sourceHandle: 'text-out',
        target: nodeIds.out,
        targetHandle: 'value-in',
        createdAt: T1,
      },
    ]);
  });

  it('gives two canvases from the same snapshot different ids, and shares no object with the snapshot', () => {
    const snapshot = freezeCanvas(sampleCanvas());
    const first = instantiate(snapshot, TARGET);
    const second = instantiate(snapshot, { ...TARGET, canvasId: 'cnv_other' });
    expect(Object.values(first.nodeIds).some((id) => Object.values(second.nodeIds).includes(id))).toBe(false);
    first.canvas.nodes[0]!.data.prompt = 'changed';
    first.canvas.viewport.x = 0;
    expect(snapshot.nodes[0]!.data.prompt).toBe('Hi');
    expect(snapshot.viewport.x).toBe(12);
  });

  it.each<[string, (snapshot: TemplateSnapshot) => void, RegExp]>([
    [
      'a node type that no longer exists',
      (s) => {
        (s.nodes[0] as { type: string }).type = 'retired-type';
      },
      /node prompt is of type retired-type, which no longer exists/,
    ],
    [
      'node data the type no longer accepts',
      (s) => {
        s.nodes[0]!.data = { prompt: 42 };
      },
      /Invalid data for a prompt node/,
    ],
    [
      'an edge to a port that is gone',
      (s) => {
        s.edges[0]!.targetHandle = 'gone-in';
      },
      /no input port gone-in/,
    ],
    [
      'an edge naming a node the template lacks',
      (s) => {
        s.edges[0]!.source = 'ghost';
      },
      /edge e1 joins a node the template does not hold/,
    ],
    ['two nodes under one id', (s) => void s.nodes.push({ ...s.nodes[2]! }), /node id out appears twice/],
    [
      'a cycle',
      (s) => {
        s.nodes.push({ id: 'tpl2', type: 'text', position: { x: 0, y: 0 }, data: {} });
        s.edges.push({ id: 'e3', source: 'tpl', sourceHandle: 'text-out', target: 'tpl2', targetHandle: 'text-in' });
        s.edges.push({ id: 'e4', source: 'tpl2', sourceHandle: 'text-out', target: 'tpl', targetHandle: 'text-in' });
      },
      /would create a cycle/,
    ],
  ])('refuses a snapshot with %s as a 409 that names the template', (_name, spoil, message) => {
    // Prepare
    const snapshot = freezeCanvas(sampleCanvas());
    spoil(snapshot);
    // Act
    const attempt = () => instantiate(snapshot, TARGET);
    // Assess
    expect(attempt).toThrow(ConflictError);
    expect(attempt).toThrow(/^Template tpl_test no longer makes a valid canvas: /);
    expect(attempt).toThrow(message);
  });

  it('refuses a snapshot whose canvas would exceed the canvas size limit', () => {
    const snapshot = freezeCanvas(emptyCanvas({ nodes: [node('big', 'text')] }));
    snapshot.nodes[0]!.document = { content: 'x'.repeat(CANVAS_MAX_BYTES), format: 'text' };
    expect(() => instantiate(snapshot, TARGET)).toThrow(/no longer makes a valid canvas: Canvas would be \d+ bytes/);
  });
});
