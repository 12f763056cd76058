// The template tools the templates screen uses, typed by their output schemas
// (functions/operations/templates/template-views.ts), and the preview's model: a template's frozen nodes and edges
// as sentences a person (or a screen reader) can follow, and as a small sketch of where they sit.
import type { CanvasEdge, CanvasNode } from '../../canvas/types.ts';
import { readPages } from '../../mcp/pages.ts';
import type { ToolClient, ToolOutput } from '../../mcp/tools.ts';

export type Template = ToolOutput<'publish_template'>;
export type TemplateSnapshot = ToolOutput<'get_template_snapshot'>;
export type UsedTemplate = ToolOutput<'use_template'>;

/** What the preview reads of a snapshot: a template's frozen nodes, or the editor's own. */
export interface SnapshotShape {
  nodes: readonly Pick<CanvasNode, 'id' | 'type' | 'position' | 'size' | 'data'>[];
  edges: readonly Pick<CanvasEdge, 'id' | 'source' | 'sourceHandle' | 'target' | 'targetHandle'>[];
}

/** A handful of pages: a workspace with more templates than that needs a search, which the tool lacks. */
export const listTemplates = (tools: ToolClient) => readPages(tools, 'list_templates', { limit: 200 }, 5);

export const getTemplateSnapshot = (tools: ToolClient, templateId: string) =>
  tools.call('get_template_snapshot', { templateId });

export const useTemplate = (tools: ToolClient, templateId: string, name?: string) =>
  tools.call('use_template', { templateId, ...(name?.trim() ? { name: name.trim() } : {}) });

export function publishTemplate(
  tools: ToolClient,
  input: { canvasId: string; name?: string; description?: string },
): Promise<Template> {
  const name = input.name?.trim();
  const description = input.description?.trim();
  return tools.call('publish_template', {
    canvasId: input.canvasId,
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
  });
}

export const deleteTemplate = (tools: ToolClient, templateId: string) => tools.call('delete_template', { templateId });

export interface PreviewNode {
  id: string;
  /** The node's own label when it has one, else its type. */
  title: string;
  type: string;
}

export interface PreviewConnection {
  id: string;
  /** "Prompt (prompt-out) → Summary (text-in)". */
  text: string;
}

/** Numbered titles when two nodes would read the same, so a connection names one node, not two. */
export function describeSnapshot(snapshot: SnapshotShape): {
  nodes: PreviewNode[];
  connections: PreviewConnection[];
} {
  const base = (node: CanvasNode) =>
    typeof node.data.label === 'string' && node.data.label.trim() !== '' ? node.data.label.trim() : node.type;
  const totals = new Map<string, number>();
  for (const node of snapshot.nodes) totals.set(base(node), (totals.get(base(node)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const titles = new Map<string, string>();
  const nodes = snapshot.nodes.map((node) => {
    const plain = base(node);
    const nth = (seen.get(plain) ?? 0) + 1;
    seen.set(plain, nth);
    const title = totals.get(plain)! > 1 ? `${plain} ${nth}` : plain;
    titles.set(node.id, title);
    return { id: node.id, title, type: node.type };
  });
  const connections = snapshot.edges.map((edge) => ({
    id: edge.id,
    text:
      `${titles.get(edge.source) ?? edge.source} (${edge.sourceHandle}) → ` +
      `${titles.get(edge.target) ?? edge.target} ` +
      `(${edge.targetHandle})`,
  }));
  return { nodes, connections };
}

export interface Sketch {
  width: number;
  height: number;
  boxes: { id: string; x: number; y: number; width: number; height: number }[];
  lines: { id: string; x1: number; y1: number; x2: number; y2: number }[];
}

/**
 * The editor's size for a node saved without one (FALLBACK_SIZE in web/src/canvas/layout.ts), copied: importing it
 * would pull dagre into this screen.
 */
const DEFAULT_SIZE = { width: 240, height: 120 };

/**
 * The snapshot's layout scaled into a `width`×`height` box (aspect kept, never enlarged past 1:1),
 * edges from a node's right side to the next one's left, as the editor draws them.
 */
export function sketchSnapshot(snapshot: SnapshotShape, width = 320, height = 180, padding = 8): Sketch {
  if (snapshot.nodes.length === 0) return { width, height, boxes: [], lines: [] };
  const sized = snapshot.nodes.map((node) => ({ id: node.id, ...node.position, ...(node.size ?? DEFAULT_SIZE) }));
  const minX = Math.min(...sized.map((node) => node.x));
  const minY = Math.min(...sized.map((node) => node.y));
  const maxX = Math.max(...sized.map((node) => node.x + node.width));
  const maxY = Math.max(...sized.map((node) => node.y + node.height));
  const scale = Math.min(1, (width - 2 * padding) / (maxX - minX), (height - 2 * padding) / (maxY - minY));
  // Centred in the box, so a narrow template does not hug the left edge.
  const offsetX = (width - (maxX - minX) * scale) / 2;
  const offsetY = (height - (maxY - minY) * scale) / 2;
  const round = (value: number) => Math.round(value * 10) / 10;
  const boxes = sized.map((node) => ({
    id: node.id,
    x: round(offsetX + (node.x - minX) * scale),
    y: round(offsetY + (node.y - minY) * scale),
    width: round(node.width * scale),
    height: round(node.height * scale),
  }));
  const byId = new Map(boxes.map((box) => [box.id, box]));
  const lines = snapshot.edges.flatMap((edge) => {
    const from = byId.get(edge.source);
    const to = byId.get(edge.target);
    if (!from || !to) return [];
    return [
      {
        id: edge.id,
        x1: round(from.x + from.width),
        y1: round(from.y + from.height / 2),
        x2: to.x,
        y2: round(to.y + to.height / 2),
      },
    ];
  });
  return { width, height, boxes, lines };
}
