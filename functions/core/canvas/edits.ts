// core: every canvas edit as a pure change of the document. Single routes apply one edit, `patch` applies
// a list of them atomically; both go through applyEdit, so the rules live here once. (An edit's `op` tag
// is its wire name; "operation" in this service means a catalogue operation, functions/operations.)
import * as z from '../schema.ts';
import { ConflictError, NotFoundError, PayloadTooLargeError, ValidationError } from '../errors.ts';
import { assertStorable } from '../storable.ts';
import { ID_PREFIX, newId } from '../ids.ts';
import { assertEdgeFits, edgesBrokenByTypeChange } from './graph.ts';
import {
  CANVAS_MAX_BYTES,
  CanvasName,
  ClientId,
  Position,
  Size,
  type Canvas,
  type CanvasEdge,
  type CanvasNode,
  type Viewport,
} from './model.ts';
import { NODE_TYPES, NodeTypeSchema, type NodeTypeId } from './node-types.ts';

const NodeData = z.record(z.string(), z.unknown());
const describe = z.describe;
const NodeIdField = ClientId.check(describe('Id of the node (as shown in get_canvas)'));

export const NodeAddOp = z.strictObject({
  id: z.optional(ClientId.check(describe('Node id to use; omit to get a generated node_… id'))),
  type: NodeTypeSchema.check(describe("Node type, one of get_port_manifest's nodeTypes")),
  position: z.optional(Position.check(describe('Top-left corner; default x 0, y 0'))),
  size: z.optional(Size.check(describe('Width and height; default per type'))),
  data: z.optional(
    NodeData.check(describe("The node's settings, shaped by its type's dataSchema (get_port_manifest)")),
  ),
});
export const NodeUpdateOp = z.strictObject({
  nodeId: NodeIdField,
  type: z.optional(NodeTypeSchema.check(describe('New node type; refused if it would break connected edges'))),
  data: z.optional(NodeData.check(describe('Settings to merge into (or, with merge false, replace) the stored data'))),
  /** true (default) merges `data` into the stored data; false replaces it. */
  merge: z
    ._default(z.boolean(), true)
    .check(describe('true (default) merges data into the stored data; false replaces it')),
});
export const NodeDocumentWriteOp = z.strictObject({
  nodeId: NodeIdField,
  content: z.string().check(z.maxLength(200_000), describe('The whole document text (replaces the previous one)')),
  format: z._default(z.enum(['markdown', 'text', 'json']), 'markdown').check(describe('How the content is written')),
});
export const NodeMoveOp = z.strictObject({
  nodeId: NodeIdField,
  position: Position.check(describe('New top-left corner')),
});
export const NodeResizeOp = z.strictObject({ nodeId: NodeIdField, size: Size.check(describe('New width and height')) });
export const NodeDeleteOp = z.strictObject({
  nodeId: NodeIdField.check(describe('Id of the node to delete; its edges go too')),
});
const PortName = z.string().check(z.minLength(1), z.maxLength(64));
export const EdgeAddOp = z.strictObject({
  id: z.optional(ClientId.check(describe('Edge id to use; omit to get a generated edge_… id'))),
  source: ClientId.check(describe('Node the value comes from')),
  sourceHandle: PortName.check(describe('Output port of the source node, e.g. prompt-out')),
  target: ClientId.check(describe('Node the value goes to')),
  targetHandle: PortName.check(describe('Input port of the target node, e.g. text-in')),
});
export const EdgeDeleteOp = z.strictObject({ edgeId: ClientId.check(describe('Id of the edge to delete')) });
export const RenameOp = z.strictObject({ name: CanvasName.check(describe('New canvas name (1–200 characters)')) });
const screenExtent = (fallback: number, what: string) =>
  z
    ._default(z.number().check(z.positive(), z.maximum(100_000)), fallback)
    .check(describe(`${what} of the screen in pixels (default ${fallback})`));
export const FitViewportOp = z.strictObject({
  width: screenExtent(1280, 'Width'),
  height: screenExtent(800, 'Height'),
  padding: z
    ._default(z.number().check(z.minimum(0), z.maximum(10_000)), 40)
    .check(describe('Margin around the nodes in pixels (default 40)')),
});

/**
 * The fields of each edit, keyed by its tag. Tags are the route suffixes, so a patch reads like a list of route
 * calls.
 */
export const EDIT_FIELDS = {
  'node/add': NodeAddOp,
  'node/update': NodeUpdateOp,
  'node/document-write': NodeDocumentWriteOp,
  'node/move': NodeMoveOp,
  'node/resize': NodeResizeOp,
  'node/delete': NodeDeleteOp,
  'edge/add': EdgeAddOp,
  'edge/delete': EdgeDeleteOp,
  rename: RenameOp,
  'fit-viewport': FitViewportOp,
} as const;

const tagged = <Op extends string, S extends z.ZodMiniObject>(op: Op, fields: S) =>
  z.extend(fields, { op: z.literal(op) });

export const CanvasEdit = z.discriminatedUnion('op', [
  tagged('node/add', NodeAddOp),
  tagged('node/update', NodeUpdateOp),
  tagged('node/document-write', NodeDocumentWriteOp),
  tagged('node/move', NodeMoveOp),
  tagged('node/resize', NodeResizeOp),
  tagged('node/delete', NodeDeleteOp),
  tagged('edge/add', EdgeAddOp),
  tagged('edge/delete', EdgeDeleteOp),
  tagged('rename', RenameOp),
  tagged('fit-viewport', FitViewportOp),
]);
export type CanvasEdit = z.infer<typeof CanvasEdit>;
export type CanvasEditName = CanvasEdit['op'];

export type CanvasEditResult =
  | { kind: 'node'; node: CanvasNode }
  | { kind: 'edge'; edge: CanvasEdge }
  | { kind: 'deleted'; id: string; removedEdgeIds: string[] }
  | { kind: 'canvas' }
  | { kind: 'viewport'; viewport: Viewport };

function findNode(canvas: Canvas, nodeId: string): CanvasNode {
  const node = canvas.nodes.find((candidate) => candidate.id === nodeId);
  if (!node) throw new NotFoundError(`Node ${nodeId} not found on this canvas`);
  return node;
}

function validatedData(type: NodeTypeId, data: Record<string, unknown>): Record<string, unknown> {
  const parsed = NODE_TYPES[type].data.safeParse(data);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => `${['data', ...issue.path].join('.')}: ${issue.message}`)
      .join('; ');
    throw new ValidationError(`Invalid data for a ${type} node: ${detail}`);
  }
  return parsed.data as Record<string, unknown>;
}

/** Applies one edit to `canvas` in place. The caller passes a copy and persists it only on success. */
export function applyEdit(canvas: Canvas, op: CanvasEdit, now: string): CanvasEditResult {
  switch (op.op) {
    case 'node/add': {
      const id = op.id ?? newId(ID_PREFIX.node);
      if (canvas.nodes.some((node) => node.id === id))
        throw new ConflictError(`Node ${id} already exists on this canvas`);
      const node: CanvasNode = {
        id,
        type: op.type,
        position: op.position ?? { x: 0, y: 0 },
        ...(op.size ? { size: op.size } : {}),
        data: validatedData(op.type, op.data ?? {}),
        createdAt: now,
        updatedAt: now,
      };
      canvas.nodes.push(node);
      return { kind: 'node', node };
    }
    case 'node/update': {
      const node = findNode(canvas, op.nodeId);
      const type = op.type ?? node.type;
      if (type !== node.type) {
        const broken = edgesBrokenByTypeChange(canvas, node.id, type);
        if (broken.length > 0) {
          throw new ValidationError(
            `Changing ${node.id} to ${type} would break edges ${broken.map((edge) => edge.id).join(', ')}; delete them first`,
          );
        }
      }
      const data = op.data === undefined ? node.data : op.merge ? { ...node.data, ...op.data } : op.data;
      node.data = validatedData(type, data);
      node.type = type;
      node.updatedAt = now;
      return { kind: 'node', node };
    }
    case 'node/document-write': {
      const node = findNode(canvas, op.nodeId);
      node.document = { content: op.content, format: op.format, updatedAt: now };
      node.updatedAt = now;
      return { kind: 'node', node };
    }
    case 'node/move': {
      const node = findNode(canvas, op.nodeId);
      node.position = op.position;
      node.updatedAt = now;
      return { kind: 'node', node };
    }
    case 'node/resize': {
      const node = findNode(canvas, op.nodeId);
      node.size = op.size;
      node.updatedAt = now;
      return { kind: 'node', node };
    }
    case 'node/delete': {
      findNode(canvas, op.nodeId);
      const removedEdgeIds = canvas.edges
        .filter((edge) => edge.source === op.nodeId || edge.target === op.nodeId)
        .map((edge) => edge.id);
      canvas.nodes = canvas.nodes.filter((node) => node.id !== op.nodeId);
      canvas.edges = canvas.edges.filter((edge) => !removedEdgeIds.includes(edge.id));
      return { kind: 'deleted', id: op.nodeId, removedEdgeIds };
    }
    case 'edge/add': {
      const id = op.id ?? newId(ID_PREFIX.edge);
      if (canvas.edges.some((edge) => edge.id === id))
        throw new ConflictError(`Edge ${id} already exists on this canvas`);
      const ends = {
        source: op.source,
        sourceHandle: op.sourceHandle,
        target: op.target,
        targetHandle: op.targetHandle,
      };
      assertEdgeFits(canvas, ends);
      const edge: CanvasEdge = { id, ...ends, createdAt: now };
      canvas.edges.push(edge);
      return { kind: 'edge', edge };
    }
    case 'edge/delete': {
      if (!canvas.edges.some((edge) => edge.id === op.edgeId))
        throw new NotFoundError(`Edge ${op.edgeId} not found on this canvas`);
      canvas.edges = canvas.edges.filter((edge) => edge.id !== op.edgeId);
      return { kind: 'deleted', id: op.edgeId, removedEdgeIds: [op.edgeId] };
    }
    case 'rename': {
      canvas.name = op.name;
      return { kind: 'canvas' };
    }
    case 'fit-viewport': {
      canvas.viewport = fitViewport(canvas.nodes, op);
      return { kind: 'viewport', viewport: canvas.viewport };
    }
  }
}

/** Node size assumed where the editor has not stored one, so an unsized node still fits the view. */
const DEFAULT_NODE_SIZE = { width: 320, height: 200 };

/**
 * The viewport (pan and zoom, 0.01 ≤ zoom ≤ 1) that shows every node inside a `width` × `height` screen; a layout wider
 * than 100× the screen is centred at the minimum zoom.
 */
export function fitViewport(
  nodes: readonly CanvasNode[],
  screen: { width: number; height: number; padding: number },
): Viewport {
  if (nodes.length === 0) return { x: 0, y: 0, zoom: 1 };
  const minX = Math.min(...nodes.map((node) => node.position.x));
  const minY = Math.min(...nodes.map((node) => node.position.y));
  const maxX = Math.max(...nodes.map((node) => node.position.x + (node.size ?? DEFAULT_NODE_SIZE).width));
  const maxY = Math.max(...nodes.map((node) => node.position.y + (node.size ?? DEFAULT_NODE_SIZE).height));
  const usableWidth = Math.max(1, screen.width - 2 * screen.padding);
  const usableHeight = Math.max(1, screen.height - 2 * screen.padding);
  // Rounded down, then the pan is derived from the rounded zoom, so rounding never pushes a node off screen.
  const zoom = Math.max(
    0.01,
    Math.floor(Math.min(1, usableWidth / (maxX - minX), usableHeight / (maxY - minY)) * 1000) / 1000,
  );
  const x = (screen.width - (maxX - minX) * zoom) / 2 - minX * zoom;
  const y = (screen.height - (maxY - minY) * zoom) / 2 - minY * zoom;
  return { x: Math.round(x * 1000) / 1000, y: Math.round(y * 1000) / 1000, zoom };
}

/**
 * Refuses a document that would not fit in one item, or holds a value the store refuses; checked before every write.
 */
export function assertCanvasFits(canvas: Canvas): void {
  assertStorable(canvas, 'canvas');
  const bytes = Buffer.byteLength(JSON.stringify(canvas), 'utf8');
  if (bytes > CANVAS_MAX_BYTES) {
    throw new PayloadTooLargeError(`Canvas would be ${bytes} bytes; the limit is ${CANVAS_MAX_BYTES} bytes`);
  }
}
