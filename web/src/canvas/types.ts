// The shapes the canvas tools answer (get_canvas, get_port_manifest, patch_canvas, validate_edge),
// narrowed to what the editor reads. Outputs are loose objects, so extra fields are kept, not typed.

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

export interface CanvasNode {
  id: string;
  type: string;
  position: Position;
  size?: Size;
  data: Record<string, unknown>;
  document?: NodeDocument;
  [extra: string]: unknown;
}

export interface CanvasEdge {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
  [extra: string]: unknown;
}

export interface Canvas {
  id: string;
  name: string;
  version: number;
  archived: boolean;
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  [extra: string]: unknown;
}

export interface PortDefinition {
  name: string;
  type: string;
  label: string;
  multiple?: boolean;
  optional?: boolean;
  mimeType?: string;
}

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

export interface NodeTypeInfo {
  type: string;
  label: string;
  category: string;
  description: string;
  trigger: boolean;
  available: boolean;
  unavailableReason?: string;
  inputs: PortDefinition[];
  outputs: PortDefinition[];
  dataSchema: JsonSchema;
}

export interface PortManifest {
  portTypes: string[];
  /** For each input port type, the output port types that may feed it. */
  compatibility: Record<string, string[]>;
  nodeTypes: NodeTypeInfo[];
}

export interface CanvasWarning {
  nodeId: string;
  code: string;
  message: string;
}

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

export interface PatchResult {
  canvasId: string;
  canvasVersion: number;
  canvas: Canvas;
}
