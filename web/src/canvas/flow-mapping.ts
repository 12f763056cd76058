// The canvas document as React Flow nodes and edges. Built again after every document change, but a
// node whose canvas node is the same object keeps its React Flow object, so only edited nodes re-render
// and a node's selection, measured size and in-progress drag survive a save's answer.
import type { Edge, Node } from '@xyflow/react';
import type { Doc } from './operations.ts';
import { FALLBACK_SIZE } from './layout.ts';
import type { CanvasNode } from './types.ts';

export const NODE_TYPE = 'canvasNode';

export type FlowNodeData = { node: CanvasNode };
export type FlowNode = Node<FlowNodeData, typeof NODE_TYPE>;

export function toFlowNodes(doc: Doc, previous: readonly FlowNode[]): FlowNode[] {
  const byId = new Map(previous.map((node) => [node.id, node]));
  return doc.nodes.map((node) => {
    const before = byId.get(node.id);
    if (before && before.data.node === node) return before;
    const flowNode: FlowNode = {
      id: node.id,
      type: NODE_TYPE,
      position: node.position,
      data: { node },
      ariaLabel: `${String(node.data.label ?? '') || node.type} node ${node.id}`,
      // Unsized nodes get the layout's default width (long warnings wrap instead of widening the node); their height
      // follows the content.
      ...(node.size ? { width: node.size.width, height: node.size.height } : { width: FALLBACK_SIZE.width }),
    };
    if (before?.selected) flowNode.selected = true;
    if (before?.measured) flowNode.measured = before.measured;
    return flowNode;
  });
}

export function toFlowEdges(doc: Doc, previous: readonly Edge[]): Edge[] {
  const byId = new Map(previous.map((edge) => [edge.id, edge]));
  return doc.edges.map((edge) => {
    const before = byId.get(edge.id);
    if (
      before &&
      before.source === edge.source &&
      before.target === edge.target &&
      before.sourceHandle === edge.sourceHandle &&
      before.targetHandle === edge.targetHandle
    ) {
      return before;
    }
    return {
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle,
      targetHandle: edge.targetHandle,
      ariaLabel: `Connection from ${edge.source} ${edge.sourceHandle} to ${edge.target} ${edge.targetHandle}`,
    };
  });
}
