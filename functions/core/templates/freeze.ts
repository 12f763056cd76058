// core: the two pure halves of templates — freeze a canvas into a snapshot, and build a new canvas from
// a snapshot. Building replays the snapshot through the canvas's own operations (node/add,
// node/document-write, edge/add), so a template canvas obeys exactly the rules of a hand-built one.
import { ConflictError, DomainError } from '../errors.ts';
import { ID_PREFIX, newId } from '../ids.ts';
import type { Canvas } from '../canvas/model.ts';
import { NODE_TYPES } from '../canvas/node-types.ts';
import { applyEdit, assertCanvasFits } from '../canvas/edits.ts';
import type { TemplateEdge, TemplateNode, TemplateSnapshot } from './model.ts';

/**
 * The snapshot of `canvas`: a deep copy of its nodes (type, position, size, data, document text and
 * format), edges (ends and ports) and viewport. Timestamps are left behind (a canvas made from the
 * template is new), and so is everything kept outside the canvas item: webhook registrations and their
 * secrets, executions, asset records (node data may name assets by id; those ids are copied as text).
 */
export function freezeCanvas(canvas: Pick<Canvas, 'viewport' | 'nodes' | 'edges'>): TemplateSnapshot {
  const nodes = canvas.nodes.map(
    (node): TemplateNode => ({
      id: node.id,
      type: node.type,
      position: { ...node.position },
      ...(node.size ? { size: { ...node.size } } : {}),
      data: structuredClone(node.data),
      ...(node.document ? { document: { content: node.document.content, format: node.document.format } } : {}),
    }),
  );
  const edges = canvas.edges.map(
    ({ id, source, sourceHandle, target, targetHandle }): TemplateEdge => ({
      id,
      source,
      sourceHandle,
      target,
      targetHandle,
    }),
  );
  return { viewport: { ...canvas.viewport }, nodes, edges };
}

export interface InstantiatedCanvas {
  canvas: Canvas;
  /** Template node id → the new canvas's node id. */
  nodeIds: Record<string, string>;
  /** Template edge id → the new canvas's edge id. */
  edgeIds: Record<string, string>;
}

/**
 * A new canvas (version 1, not archived) holding the snapshot under fresh node_… and edge_… ids.
 * Every node's data and every edge is checked again against today's node catalogue: a template frozen
 * before a node type changed is refused with a ConflictError that says what no longer fits (republish
 * it from a fixed canvas), never turned into a canvas that cannot run.
 */
export function instantiate(
  snapshot: TemplateSnapshot,
  target: { canvasId: string; workspaceId: string; name: string; now: string; templateId: string },
): InstantiatedCanvas {
  const { now } = target;
  const canvas: Canvas = {
    id: target.canvasId,
    workspaceId: target.workspaceId,
    name: target.name,
    archived: false,
    archivedAt: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    viewport: { ...snapshot.viewport },
    nodes: [],
    edges: [],
  };
  const nodeIds: Record<string, string> = Object.create(null);
  const edgeIds: Record<string, string> = Object.create(null);
  try {
    for (const node of snapshot.nodes) {
      if (Object.hasOwn(nodeIds, node.id)) throw new ConflictError(`node id ${node.id} appears twice`);
      if (!Object.hasOwn(NODE_TYPES, node.type))
        throw new ConflictError(`node ${node.id} is of type ${node.type}, which no longer exists`);
      const id = newId(ID_PREFIX.node);
      applyEdit(
        canvas,
        {
          op: 'node/add',
          id,
          type: node.type,
          position: node.position,
          size: node.size,
          data: structuredClone(node.data),
        },
        now,
      );
      if (node.document)
        applyEdit(
          canvas,
          { op: 'node/document-write', nodeId: id, content: node.document.content, format: node.document.format },
          now,
        );
      nodeIds[node.id] = id;
    }
    for (const edge of snapshot.edges) {
      const id = newId(ID_PREFIX.edge);
      const source = nodeIds[edge.source];
      const target = nodeIds[edge.target];
      if (!source || !target) throw new ConflictError(`edge ${edge.id} joins a node the template does not hold`);
      applyEdit(
        canvas,
        { op: 'edge/add', id, source, sourceHandle: edge.sourceHandle, target, targetHandle: edge.targetHandle },
        now,
      );
      edgeIds[edge.id] = id;
    }
    assertCanvasFits(canvas);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new ConflictError(
      `Template ${target.templateId} no longer makes a valid canvas: ${error.message}; republish it from a canvas that does`,
      {
        cause: error,
      },
    );
  }
  return { canvas, nodeIds, edgeIds };
}
