// core: templates — a canvas frozen at publish time (nodes, edges, documents, viewport), kept apart from
// the canvas so that later edits of the canvas never reach it, and the metadata a list shows.
import * as z from '../schema.ts';
import type { NodeDocument, Position, Size, Viewport } from '../canvas/model.ts';
import type { NodeTypeId } from '../canvas/node-types.ts';

/** Generated template ids are `tpl_` + 26 time-ordered characters (see core/ids.ts). */
export const TEMPLATE_ID_PREFIX = 'tpl';

/** Any id a client may send: wider than what we generate, so a wrong id is a 404, not a 400 that leaks the format. */
export const TemplateId = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'is not a template id'));
export const TemplateName = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
export const TemplateDescription = z.string().check(z.trim(), z.maxLength(2000));
export const VersionNotes = z.string().check(z.trim(), z.maxLength(2000));

/** A node as a template holds it: what the editor placed, without timestamps or run state. */
export interface TemplateNode {
  id: string;
  type: NodeTypeId;
  position: Position;
  size?: Size;
  data: Record<string, unknown>;
  document?: Pick<NodeDocument, 'content' | 'format'>;
}

export interface TemplateEdge {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
}

/** The frozen graph. Node and edge ids are the source canvas's; a canvas made from it gets fresh ones. */
export interface TemplateSnapshot {
  viewport: Viewport;
  nodes: TemplateNode[];
  edges: TemplateEdge[];
}

/** What a template is, without its snapshot (what list answers). */
export interface Template {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  /** Notes of the current revision (what changed); empty when none were given. */
  versionNotes: string;
  /** 1 at first publish, +1 at each republish (which replaces the snapshot). */
  revision: number;
  /** The canvas the current revision was frozen from, and its version at that moment. */
  sourceCanvasId: string;
  sourceCanvasVersion: number;
  nodeCount: number;
  edgeCount: number;
  /** Size of the snapshot as JSON (UTF-8), before the store compresses it. */
  snapshotBytes: number;
  createdAt: string;
  /** When the current revision was published. */
  publishedAt: string;
}
