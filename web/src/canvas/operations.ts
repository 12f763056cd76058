// Canvas operations applied to the editor's copy of the document, and their inverses. The editor shows
// an edit before the server has it, undo sends the inverse as a new edit, and after a conflict the
// pending edits are re-applied to the fresh canvas with the same function.
import type { CanvasEdge, CanvasNode, CanvasOperation } from './types.ts';

export interface Doc {
  nodes: readonly CanvasNode[];
  edges: readonly CanvasEdge[];
}

/** An edit that no longer makes sense on the document (its node or edge is gone, its id is taken). */
export class OperationRefused extends Error {
  override name = 'OperationRefused';
}

function nodeIndex(doc: Doc, nodeId: string): number {
  const at = doc.nodes.findIndex((node) => node.id === nodeId);
  if (at < 0) throw new OperationRefused(`node ${nodeId} is no longer on the canvas`);
  return at;
}

function replaceNode(doc: Doc, at: number, node: CanvasNode): Doc {
  const nodes = doc.nodes.slice();
  nodes[at] = node;
  return { nodes, edges: doc.edges };
}

/** The document after `op`; unchanged nodes and edges keep their identity, so React skips them. */
export function applyOperation(doc: Doc, op: CanvasOperation): Doc {
  switch (op.op) {
    case 'node/add': {
      if (doc.nodes.some((node) => node.id === op.id)) throw new OperationRefused(`node ${op.id} already exists`);
      const node: CanvasNode = {
        id: op.id,
        type: op.type,
        position: op.position,
        data: op.data,
        ...(op.size ? { size: op.size } : {}),
      };
      return { nodes: [...doc.nodes, node], edges: doc.edges };
    }
    case 'node/update': {
      const at = nodeIndex(doc, op.nodeId);
      const node = doc.nodes[at]!;
      const data = op.data === undefined ? node.data : op.merge === false ? op.data : { ...node.data, ...op.data };
      return replaceNode(doc, at, { ...node, type: op.type ?? node.type, data });
    }
    case 'node/document-write': {
      const at = nodeIndex(doc, op.nodeId);
      return replaceNode(doc, at, { ...doc.nodes[at]!, document: { content: op.content, format: op.format } });
    }
    case 'node/move': {
      const at = nodeIndex(doc, op.nodeId);
      return replaceNode(doc, at, { ...doc.nodes[at]!, position: op.position });
    }
    case 'node/resize': {
      const at = nodeIndex(doc, op.nodeId);
      return replaceNode(doc, at, { ...doc.nodes[at]!, size: op.size });
    }
    case 'node/delete': {
      nodeIndex(doc, op.nodeId);
      return {
        nodes: doc.nodes.filter((node) => node.id !== op.nodeId),
        edges: doc.edges.filter((edge) => edge.source !== op.nodeId && edge.target !== op.nodeId),
      };
    }
    case 'edge/add': {
      if (doc.edges.some((edge) => edge.id === op.id)) throw new OperationRefused(`edge ${op.id} already exists`);
      nodeIndex(doc, op.source);
      nodeIndex(doc, op.target);
      const edge: CanvasEdge = {
        id: op.id,
        source: op.source,
        sourceHandle: op.sourceHandle,
        target: op.target,
        targetHandle: op.targetHandle,
      };
      return { nodes: doc.nodes, edges: [...doc.edges, edge] };
    }
    case 'edge/delete': {
      if (!doc.edges.some((edge) => edge.id === op.edgeId))
        throw new OperationRefused(`edge ${op.edgeId} is no longer on the canvas`);
      return { nodes: doc.nodes, edges: doc.edges.filter((edge) => edge.id !== op.edgeId) };
    }
  }
}

export function applyOperations(doc: Doc, ops: readonly CanvasOperation[]): Doc {
  return ops.reduce(applyOperation, doc);
}

/** The operations that undo `op`, computed on the document before it. */
export function inverseOf(doc: Doc, op: CanvasOperation): CanvasOperation[] {
  switch (op.op) {
    case 'node/add':
      return [{ op: 'node/delete', nodeId: op.id }];
    case 'node/update': {
      const node = doc.nodes[nodeIndex(doc, op.nodeId)]!;
      // Replace, not merge: merging the old data back would keep fields the update added.
      return [
        {
          op: 'node/update',
          nodeId: node.id,
          ...(op.type !== undefined ? { type: node.type } : {}),
          data: node.data,
          merge: false,
        },
      ];
    }
    case 'node/document-write': {
      const node = doc.nodes[nodeIndex(doc, op.nodeId)]!;
      const before = node.document ?? { content: '', format: op.format };
      return [{ op: 'node/document-write', nodeId: node.id, content: before.content, format: before.format }];
    }
    case 'node/move':
      return [{ op: 'node/move', nodeId: op.nodeId, position: doc.nodes[nodeIndex(doc, op.nodeId)]!.position }];
    case 'node/resize': {
      const node = doc.nodes[nodeIndex(doc, op.nodeId)]!;
      // A node that never had a size cannot lose it again; its default size is the closest undo.
      return node.size ? [{ op: 'node/resize', nodeId: node.id, size: node.size }] : [];
    }
    case 'node/delete': {
      const node = doc.nodes[nodeIndex(doc, op.nodeId)]!;
      const restore: CanvasOperation[] = [
        {
          op: 'node/add',
          id: node.id,
          type: node.type,
          position: node.position,
          data: node.data,
          ...(node.size ? { size: node.size } : {}),
        },
      ];
      if (node.document)
        restore.push({
          op: 'node/document-write',
          nodeId: node.id,
          content: node.document.content,
          format: node.document.format,
        });
      for (const edge of doc.edges) {
        if (edge.source === node.id || edge.target === node.id) restore.push(edgeAdd(edge));
      }
      return restore;
    }
    case 'edge/add':
      return [{ op: 'edge/delete', edgeId: op.id }];
    case 'edge/delete': {
      const edge = doc.edges.find((candidate) => candidate.id === op.edgeId);
      if (!edge) throw new OperationRefused(`edge ${op.edgeId} is no longer on the canvas`);
      return [edgeAdd(edge)];
    }
  }
}

function edgeAdd(edge: CanvasEdge): CanvasOperation {
  return {
    op: 'edge/add',
    id: edge.id,
    source: edge.source,
    sourceHandle: edge.sourceHandle,
    target: edge.target,
    targetHandle: edge.targetHandle,
  };
}

/**
 * Applies a group of edits (one user action) and returns the document after it with the inverse group.
 * The inverse runs in reverse order, so undoing "delete A, delete B" restores B's edges to A after A.
 */
export function applyWithInverse(doc: Doc, ops: readonly CanvasOperation[]): { doc: Doc; inverse: CanvasOperation[] } {
  const inverses: CanvasOperation[][] = [];
  let current = doc;
  for (const op of ops) {
    inverses.push(inverseOf(current, op));
    current = applyOperation(current, op);
  }
  return { doc: current, inverse: inverses.reverse().flat() };
}
