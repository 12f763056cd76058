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

const LABEL_MAX = 24;

/**
 * The word on an edge leaving a branch port, so a person sees which way each edge goes: true, false, a
 * switch case's name (its data's `cases[N-1].name`, else "case N"), default or error. Null for any
 * other port.
 */
export function branchLabel(sourceHandle: string, source: CanvasNode | undefined): string | null {
  if (sourceHandle === 'true-out') return 'true';
  if (sourceHandle === 'false-out') return 'false';
  if (sourceHandle === 'default-out') return 'default';
  if (sourceHandle === 'error-out') return 'error';
  const switchCase = /^case-(\d+)-out$/.exec(sourceHandle);
  if (!switchCase) return null;
  const number = Number(switchCase[1]);
  const cases = source?.data.cases;
  const named = Array.isArray(cases) ? (cases[number - 1] as { name?: unknown } | undefined)?.name : undefined;
  if (typeof named !== 'string' || named.trim() === '') return `case ${number}`;
  // A case's name may be long: the edge keeps a short word, the inspector has the rest.
  return named.length > LABEL_MAX ? `${named.slice(0, LABEL_MAX - 1)}…` : named;
}

export function toFlowEdges(doc: Doc, previous: readonly Edge[]): Edge[] {
  const byId = new Map(previous.map((edge) => [edge.id, edge]));
  const nodes = new Map(doc.nodes.map((node) => [node.id, node]));
  return doc.edges.map((edge) => {
    const before = byId.get(edge.id);
    const label = branchLabel(edge.sourceHandle, nodes.get(edge.source));
    if (
      before &&
      (before.label ?? null) === label &&
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
      ariaLabel: `Connection from ${edge.source} ${edge.sourceHandle} to ${edge.target} ${edge.targetHandle}${
        label ? ` (${label})` : ''
      }`,
      ...(label ? { label, type: 'branch', className: 'branch-edge' } : {}),
    };
  });
}
