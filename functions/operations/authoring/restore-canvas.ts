// operation: POST /api/mcp/canvas/restore → setArchived(false) → CanvasRepository
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
  name: 'restore_canvas',
  title: 'Restore canvas',
  description: 'Restores an archived canvas, so it is listed and editable again.',
  example: { input: { canvasId: CANVAS }, status: 200, output: { ...summary, version: 5 } },
  route: 'canvas-restore',
  http: writeRoute('/api/mcp/canvas/restore', 'write:canvas', 'canvas'),
  input: z.strictObject(CanvasTarget.shape),
  output: CanvasSummaryView,
  audit: 'canvas.restore',
  annotations: UPDATES,
  run: (input, { principal }) => setArchived(principal, input, false, { canvases, clock: systemClock }),
});
