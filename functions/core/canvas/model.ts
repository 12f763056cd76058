// core: the canvas document — nodes, edges, viewport — and the schemas that guard it.
import * as z from '../schema.ts';
import type { NodeTypeId } from './node-types.ts';

/** Client ids: what the editor or an agent chose; the spec's triggerNodeId is one of these. */
export const ClientId = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'must start with a letter or digit and use only A-Z a-z 0-9 _ . : -'),
  );

export const CanvasId = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'is not a canvas id'));
export const CanvasName = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

// zod numbers are finite: Infinity and NaN are refused.
const coordinate = z.number().check(z.minimum(-1e7), z.maximum(1e7));
const extent = z.number().check(z.positive(), z.maximum(1e5));
export const Position = z.strictObject({ x: coordinate, y: coordinate });
export const Size = z.strictObject({ width: extent, height: extent });
export const Viewport = z.strictObject({
  x: coordinate,
  y: coordinate,
  zoom: z.number().check(z.minimum(0.01), z.maximum(100)),
});

export type Position = z.infer<typeof Position>;
export type Size = z.infer<typeof Size>;
export type Viewport = z.infer<typeof Viewport>;

export interface NodeDocument {
  content: string;
  format: 'markdown' | 'text' | 'json';
  updatedAt: string;
}

export interface SourceLink {
  provider: 'codehost';
  installationId: number;
  repository: string;
  path: string;
  commitSha: string;
  url: string;
  linkedAt: string;
}

export interface CanvasNode {
  id: string;
  type: NodeTypeId;
  position: Position;
  size?: Size;
  data: Record<string, unknown>;
  document?: NodeDocument;
  /** The code-host file this node is linked to, at a commit (functions/core/codehost/use-cases.ts attaches it). */
  sourceLink?: SourceLink;
  createdAt: string;
  updatedAt: string;
}

export interface CanvasEdge {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
  createdAt: string;
}

export interface Canvas {
  id: string;
  workspaceId: string;
  name: string;
  archived: boolean;
  archivedAt: string | null;
  /** Bumped by every write; a write based on an older version is refused (optimistic concurrency). */
  version: number;
  createdAt: string;
  updatedAt: string;
  viewport: Viewport;
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

export interface CanvasSummary {
  id: string;
  name: string;
  workspaceId: string;
  updatedAt: string;
  createdAt: string;
  archived: boolean;
  version: number;
}

/** A canvas is one DynamoDB item (400 KB hard limit); keep headroom for attribute names. */
export const CANVAS_MAX_BYTES = 350 * 1024;

export function summarize(canvas: Canvas): CanvasSummary {
  const { id, name, workspaceId, updatedAt, createdAt, archived, version } = canvas;
  return { id, name, workspaceId, updatedAt, createdAt, archived, version };
}
