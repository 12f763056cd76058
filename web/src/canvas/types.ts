// The shapes the canvas tools answer (get_canvas, get_port_manifest, patch_canvas, validate_edge), derived
// from the generated contract; the editor's own shapes (operations, positions, the document it edits, the
// inspector's JSON Schema) are written here. Outputs are loose objects, so extra fields are kept, not typed.
import type { ToolOutput } from '../mcp/tools.ts';

export interface Position {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

export interface NodeDocument {
  content: string;
  format: 'markdown' | 'text' | 'json';
  updatedAt?: string;
}

type CanvasAnswer = ToolOutput<'get_canvas'>;

/**
 * A node of get_canvas's answer. Its schema keeps a node to id, type, position and data (tools/list's
 * budget); the size and document the server also sends, when set, are read here.
 */
export type CanvasNode = CanvasAnswer['nodes'][number] & {
  size?: Size;
  document?: NodeDocument;
  [extra: string]: unknown;
};
export type Canvas = Omit<CanvasAnswer, 'nodes'> & { nodes: CanvasNode[] };
export type CanvasEdge = Canvas['edges'][number];
export type CanvasWarning = NonNullable<Canvas['warnings']>[number];

/** A JSON Schema as z.toJSONSchema renders a node type's data (only the parts the inspector reads). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  description?: string;
  anyOf?: JsonSchema[];
  [extra: string]: unknown;
}

type ManifestAnswer = ToolOutput<'get_port_manifest'>;

/**
 * A node type as the palette, the inspector and the port checks read it. get_port_manifest's schema types
 * dataSchema as any object (its JSON Schema would cost tools/list's byte budget); the store reads it as the
 * JsonSchema above, once, on load (store.ts).
 */
export type NodeTypeInfo = Omit<ManifestAnswer['nodeTypes'][number], 'dataSchema'> & { dataSchema: JsonSchema };
export type PortDefinition = NodeTypeInfo['inputs'][number];
export type PortManifest = Omit<ManifestAnswer, 'nodeTypes'> & { nodeTypes: NodeTypeInfo[] };

/** One edit as patch_canvas takes it (functions/core/canvas/edits.ts). */
export type CanvasOperation =
  | { op: 'node/add'; id: string; type: string; position: Position; size?: Size; data: Record<string, unknown> }
  | { op: 'node/update'; nodeId: string; type?: string; data?: Record<string, unknown>; merge?: boolean }
  | { op: 'node/document-write'; nodeId: string; content: string; format: NodeDocument['format'] }
  | { op: 'node/move'; nodeId: string; position: Position }
  | { op: 'node/resize'; nodeId: string; size: Size }
  | { op: 'node/delete'; nodeId: string }
  | { op: 'edge/add'; id: string; source: string; sourceHandle: string; target: string; targetHandle: string }
  | { op: 'edge/delete'; edgeId: string };
