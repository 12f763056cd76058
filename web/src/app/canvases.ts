// The canvas tools the list screen uses, typed by the generated contract
// (functions/operations/views.ts CanvasSummaryView, pageOf, DeletedView).
import { type ItemOf, readPages } from '../mcp/pages.ts';
import type { ToolClient } from '../mcp/tools.ts';

export type CanvasSummary = ItemOf<'list_canvases'>;

export const listCanvases = (tools: ToolClient) =>
  readPages(tools, 'list_canvases', { includeArchived: true, limit: 200 });

export const createCanvas = (tools: ToolClient, name: string) => tools.call('create_canvas', { name });
export const renameCanvas = (tools: ToolClient, canvas: CanvasSummary, name: string) =>
  tools.call('rename_canvas', { canvasId: canvas.id, name, expectedVersion: canvas.version });
export const archiveCanvas = (tools: ToolClient, canvas: CanvasSummary) =>
  tools.call('archive_canvas', { canvasId: canvas.id });
export const restoreCanvas = (tools: ToolClient, canvas: CanvasSummary) =>
  tools.call('restore_canvas', { canvasId: canvas.id });
export const deleteCanvas = (tools: ToolClient, canvas: CanvasSummary) =>
  tools.call('delete_canvas', { canvasId: canvas.id });

export function matches(canvas: CanvasSummary, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle === '' || canvas.name.toLowerCase().includes(needle) || canvas.id.toLowerCase().includes(needle);
}
