// The canvas tools the list screen uses, typed by their output schemas (functions/operations/views.ts
// CanvasSummaryView, pageOf, DeletedView).
import type { ToolClient } from '../mcp/tools.ts';

export interface CanvasSummary {
  id: string;
  name: string;
  workspaceId: string;
  version: number;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A few pages at most: past that, search belongs on the server (not there yet). */
const MAX_PAGES = 10;

export async function listCanvases(tools: ToolClient): Promise<{ items: CanvasSummary[]; complete: boolean }> {
  const items: CanvasSummary[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer: Page<CanvasSummary> = await tools.call<Page<CanvasSummary>>('list_canvases', {
      includeArchived: true,
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) return { items, complete: true };
  }
  return { items, complete: false };
}

export const createCanvas = (tools: ToolClient, name: string) => tools.call<CanvasSummary>('create_canvas', { name });
export const renameCanvas = (tools: ToolClient, canvas: CanvasSummary, name: string) =>
  tools.call<CanvasSummary>('rename_canvas', { canvasId: canvas.id, name, expectedVersion: canvas.version });
export const archiveCanvas = (tools: ToolClient, canvas: CanvasSummary) =>
  tools.call<CanvasSummary>('archive_canvas', { canvasId: canvas.id });
export const restoreCanvas = (tools: ToolClient, canvas: CanvasSummary) =>
  tools.call<CanvasSummary>('restore_canvas', { canvasId: canvas.id });
export const deleteCanvas = (tools: ToolClient, canvas: CanvasSummary) =>
  tools.call<{ deleted: true; id: string }>('delete_canvas', { canvasId: canvas.id });

export function matches(canvas: CanvasSummary, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle === '' || canvas.name.toLowerCase().includes(needle) || canvas.id.toLowerCase().includes(needle);
}
