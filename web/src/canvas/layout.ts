// Auto-layout with dagre, left to right like the data flows. dagre answers centre points; React Flow
// and the canvas store top-left corners, so every position is converted before it becomes a move.
import dagre from '@dagrejs/dagre';
import type { CanvasOperation, Position, Size } from './types.ts';

/** What a node measures when the editor has neither a stored size nor a rendered one yet. */
export const FALLBACK_SIZE: Size = { width: 240, height: 120 };

export function topLeftFromCentre(centre: Position, size: Size): Position {
  return { x: centre.x - size.width / 2, y: centre.y - size.height / 2 };
}

export interface LayoutNode {
  id: string;
  position: Position;
  size?: Size;
}

export function layoutPositions(
  nodes: readonly LayoutNode[],
  edges: readonly { source: string; target: string }[],
  options: { rankSeparation?: number; nodeSeparation?: number } = {},
): Map<string, Position> {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'LR', ranksep: options.rankSeparation ?? 80, nodesep: options.nodeSeparation ?? 40 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) {
    const size = node.size ?? FALLBACK_SIZE;
    graph.setNode(node.id, { width: size.width, height: size.height });
  }
  for (const edge of edges) graph.setEdge(edge.source, edge.target);
  dagre.layout(graph);
  const positions = new Map<string, Position>();
  for (const node of nodes) {
    const laid = graph.node(node.id) as { x: number; y: number };
    const topLeft = topLeftFromCentre({ x: laid.x, y: laid.y }, node.size ?? FALLBACK_SIZE);
    // Whole pixels: the stored document stays readable and a second layout is a no-op.
    positions.set(node.id, { x: Math.round(topLeft.x), y: Math.round(topLeft.y) });
  }
  return positions;
}

/** The moves that lay the canvas out; nodes already in place get none. */
export function layoutOperations(
  nodes: readonly LayoutNode[],
  edges: readonly { source: string; target: string }[],
): CanvasOperation[] {
  const positions = layoutPositions(nodes, edges);
  const ops: CanvasOperation[] = [];
  for (const node of nodes) {
    const next = positions.get(node.id)!;
    if (next.x !== node.position.x || next.y !== node.position.y)
      ops.push({ op: 'node/move', nodeId: node.id, position: next });
  }
  return ops;
}
