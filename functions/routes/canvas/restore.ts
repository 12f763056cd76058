// route: POST /api/mcp/canvas/restore → setArchived(false) → CanvasRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { setArchived } from '#core/canvas/use-cases';
import { canvases } from '#adapters/dynamodb/repositories';
import { operationRoute } from '#http/operation-route';
import { UPDATES, defineOperation } from '#operations/operation';
import { CanvasSummaryView } from '#operations/views';
import { CanvasTarget } from './edit-route.ts';

export const operation = defineOperation({
  name: 'restore_canvas',
  title: 'Restore canvas',
  description: 'Restores an archived canvas, so it is listed and editable again.',
  route: 'canvas-restore',
  input: z.strictObject(CanvasTarget.shape),
  output: CanvasSummaryView,
  annotations: UPDATES,
  run: (input, { principal }) => setArchived(principal, input, false, { canvases, clock: systemClock }),
});

export const handler = operationRoute(operation);
