import { describe, expect, it } from 'vitest';
import { branchLabel, toFlowEdges, toFlowNodes } from '../../../../web/src/canvas/flow-mapping.ts';
import { applyOperation } from '../../../../web/src/canvas/operations.ts';
import { reconcile } from '../../../../web/src/canvas/rebase.ts';
import { edge, node } from './fixtures.ts';

const doc = {
  nodes: [node('a', 'prompt'), node('b', 'text', 300, 0, { size: { width: 200, height: 90 } })],
  edges: [edge('e', 'a', 'prompt-out', 'b', 'text-in')],
};

describe('toFlowNodes', () => {
  it('maps sizes to fixed dimensions and keeps unchanged nodes as the same objects', () => {
    const first = toFlowNodes(doc, []);
    expect(first[1]).toMatchObject({ id: 'b', type: 'canvasNode', width: 200, height: 90, position: { x: 300, y: 0 } });
    const selected = first.map((flowNode) =>
      flowNode.id === 'b' ? { ...flowNode, selected: true, measured: { width: 200, height: 90 } } : flowNode,
    );
    const moved = applyOperation(doc, { op: 'node/move', nodeId: 'b', position: { x: 5, y: 5 } });
    const second = toFlowNodes(moved, selected);
    expect(second[0]).toBe(selected[0]);
    expect(second[1]).not.toBe(selected[1]);
    // A saved move keeps the node selected and measured.
    expect(second[1]).toMatchObject({ selected: true, measured: { width: 200, height: 90 }, position: { x: 5, y: 5 } });
  });

  it('keeps edges whose ends did not change', () => {
    const first = toFlowEdges(doc, []);
    expect(first[0]).toMatchObject({ id: 'e', sourceHandle: 'prompt-out', targetHandle: 'text-in' });
    expect(toFlowEdges(doc, first)[0]).toBe(first[0]);
  });
});

describe('branch edge labels', () => {
  it('labels the edges leaving an if, a switch (by case name, else number) and an error port', () => {
    const branching = {
      nodes: [
        node('if1', 'if'),
        node('sw', 'switch', 0, 200, { data: { cases: [{ name: 'short', condition: '$length($) < 3' }, {}] } }),
        node('t', 'transform', 300, 0),
      ],
      edges: [
        edge('yes', 'if1', 'true-out', 't', 'value-in'),
        edge('no', 'if1', 'false-out', 't', 'value-in'),
        edge('c1', 'sw', 'case-1-out', 't', 'value-in'),
        edge('c2', 'sw', 'case-2-out', 't', 'value-in'),
        edge('d', 'sw', 'default-out', 't', 'value-in'),
      ],
    };
    const labels = toFlowEdges(branching, []).map((flowEdge) => flowEdge.label ?? null);
    expect(labels).toEqual(['true', 'false', 'short', 'case 2', 'default']);
    expect(branchLabel('error-out', undefined)).toBe('error');
    const long = node('sw', 'switch', 0, 0, {
      data: { cases: [{ name: 'a name far longer than a word on an edge' }] },
    });
    expect(branchLabel('case-1-out', long)).toBe('a name far longer than …');
    expect(toFlowEdges(doc, [])[0]!.label).toBeUndefined();
  });

  it('relabels an edge when its switch case is renamed', () => {
    const before = {
      nodes: [node('sw', 'switch', 0, 0, { data: { cases: [{ name: 'old' }] } }), node('t', 'transform')],
      edges: [edge('c1', 'sw', 'case-1-out', 't', 'value-in')],
    };
    const first = toFlowEdges(before, []);
    const renamed = applyOperation(before, { op: 'node/update', nodeId: 'sw', data: { cases: [{ name: 'new' }] } });
    expect(toFlowEdges(renamed, first)[0]!.label).toBe('new');
  });
});

describe('reconcile', () => {
  it('keeps local objects for nodes the server answer did not change, ignoring timestamps and key order', () => {
    const server = {
      nodes: [
        { data: {}, position: { y: 0, x: 0 }, type: 'prompt', id: 'a', updatedAt: '2026-01-01T00:00:00Z' },
        { ...doc.nodes[1]!, data: { template: 'new' } },
      ],
      edges: [{ ...doc.edges[0]!, createdAt: '2026-01-01T00:00:00Z' }],
    };
    const next = reconcile(doc, server);
    expect(next.nodes[0]).toBe(doc.nodes[0]);
    expect(next.nodes[1]).toBe(server.nodes[1]);
    expect(next.edges).toBe(doc.edges);
  });

  it('notices removed and added nodes', () => {
    const next = reconcile(doc, { nodes: [doc.nodes[0]!], edges: [] });
    expect(next.nodes).toHaveLength(1);
    expect(next.edges).toEqual([]);
  });
});
