// route: POST /api/mcp/canvas/rename → applyOperations (one 'rename' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { CanvasSummaryView } from '#operations/views';
import { operationRoute } from '#http/operation-route';
import { canvasEditOperation } from './edit-route.ts';

export const operation = canvasEditOperation({
  route: 'canvas-rename',
  op: 'rename',
  name: 'rename_canvas',
  title: 'Rename canvas',
  description: 'Renames a canvas; its id, nodes, edges and runs stay as they are.',
  output: CanvasSummaryView,
  annotations: UPDATES,
});

export const handler = operationRoute(operation);
