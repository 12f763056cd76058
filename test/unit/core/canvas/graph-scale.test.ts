// Graph walks cost O(nodes + edges): counted reads of the edge list, not time. Before, freezeGraph
// scanned every edge for each node it reached (2,001 × 2,000 reads for the chain below); the cycle check
// copied a node's adjacency array for each of its edges (quadratic in a node's fan-out).
import { describe, expect, it } from 'vitest';
import { assertEdgeFits } from '#core/canvas/graph';
import type { CanvasEdge, CanvasNode } from '#core/canvas/model';
import { freezeGraph } from '#core/runs/lifecycle';

/** An array whose element reads are counted. */
function counted<T>(items: T[]): { items: T[]; reads: () => number } {
  let reads = 0;
  const items_ = new Proxy(items, {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) reads++;
      return Reflect.get(target, property, receiver);
    },
  });
  return { items: items_, reads: () => reads };
}

const node = (id: string, type: CanvasNode['type']): CanvasNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: {},
  createdAt: '',
  updatedAt: '',
});
const edge = (i: number, source: string, target: string): CanvasEdge => ({
  id: `e${i}`,
  source,
  sourceHandle: 'text-out',
  target,
  targetHandle: 'text-in',
  createdAt: '',
});

/** prompt → t1 → … → tN, nodes and edges listed in reverse. */
function reverseChain(length: number) {
  const nodes = [node('prompt', 'prompt'), ...Array.from({ length }, (_, i) => node(`t${i + 1}`, 'text'))].reverse();
  const edges = Array.from({ length }, (_, i) => ({
    ...edge(i, i === 0 ? 'prompt' : `t${i}`, `t${i + 1}`),
    ...(i === 0 ? { sourceHandle: 'prompt-out' } : {}),
  })).reverse();
  return { nodes, edges };
}

describe('graph walks', () => {
  it('freezes a 2,000-node chain listed in reverse with O(nodes + edges) reads of the edges', () => {
    // Prepare
    const { nodes, edges } = reverseChain(2_000);
    const watched = counted(edges);
    // Act
    const graph = freezeGraph({ nodes, edges: watched.items }, 'prompt');
    // Assess
    expect(graph.nodes).toHaveLength(2_001);
    expect(graph.edges).toHaveLength(2_000);
    expect(watched.reads()).toBeLessThanOrEqual(10 * (nodes.length + edges.length));
  });

  it('leaves out what the trigger does not reach', () => {
    const { nodes, edges } = reverseChain(3);
    const graph = freezeGraph(
      { nodes: [...nodes, node('island', 'text')], edges: [...edges, edge(99, 'island', 't1')] },
      'prompt',
    );
    expect(graph.nodes.map((entry) => entry.id).sort()).toEqual(['prompt', 't1', 't2', 't3']);
    expect(graph.edges.map((entry) => entry.id)).not.toContain('e99');
  });

  it('finds a cycle through a node with 2,000 outgoing edges (adjacency built once, not copied per edge)', () => {
    // Prepare: prompt → hub; hub → t0 … t1999; t1999 → hub would close a cycle
    const nodes = [
      node('prompt', 'prompt'),
      node('hub', 'text'),
      ...Array.from({ length: 2_000 }, (_, i) => node(`t${i}`, 'text')),
    ];
    const edges = [
      { ...edge(-1, 'prompt', 'hub'), sourceHandle: 'prompt-out' },
      ...Array.from({ length: 2_000 }, (_, i) => edge(i, 'hub', `t${i}`)),
    ];
    // Act / Assess
    expect(() =>
      assertEdgeFits(
        { nodes, edges },
        { source: 't1999', sourceHandle: 'text-out', target: 'hub', targetHandle: 'text-in' },
      ),
    ).toThrow(/cycle/);
    expect(() =>
      assertEdgeFits(
        { nodes, edges },
        { source: 't1999', sourceHandle: 'text-out', target: 't0', targetHandle: 'text-in' },
      ),
    ).not.toThrow();
  });
});
