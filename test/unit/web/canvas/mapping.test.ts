import { describe, expect, it } from 'vitest';
import { toFlowEdges, toFlowNodes } from '../../../../web/src/canvas/flow-mapping.ts';
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
