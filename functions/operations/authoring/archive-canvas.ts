// operation: POST /api/mcp/canvas/archive → setArchived(true) → CanvasRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { setArchived } from '#core/canvas/use-cases';
import { canvases } from '#adapters/composition/stores';
import { UPDATES, defineOperation } from '#operations/operation';
import { CanvasSummaryView } from '#operations/views';
import { CanvasTarget } from './canvas-edit.ts';
import { CANVAS, summary } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'archive_canvas',
  title: 'Archive canvas',
  description:
    'Archives a canvas: it leaves list_canvases (unless includeArchived) and refuses edits until restore_canvas. Nothing is deleted.',
  example: { input: { canvasId: CANVAS }, status: 200, output: { ...summary, archived: true, version: 4 } },
  route: 'canvas-archive',
  http: writeRoute('/api/mcp/canvas/archive', 'write:canvas', 'canvas'),
  input: z.strictObject(CanvasTarget.shape),
  output: CanvasSummaryView,
  audit: 'canvas.archive',
  annotations: UPDATES,
  run: (input, { principal }) => setArchived(principal, input, true, { canvases, clock: systemClock }),
});
