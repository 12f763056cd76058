// operation: POST /api/mcp/canvas/fit-viewport → applyOperations (one 'fit-viewport' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { ViewportEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';

export const operation = canvasEditOperation({
  route: 'canvas-fit-viewport',
  http: {
    method: 'POST',
    path: '/api/mcp/canvas/fit-viewport',
    scope: 'write:canvas',
    access: { table: 'readWrite' },
    area: 'canvas',
  },
  op: 'fit-viewport',
  name: 'fit_canvas_viewport',
  title: 'Fit viewport',
  description: 'Sets the canvas viewport so that every node is visible on a screen of the given size (zoom at most 1).',
  output: ViewportEditView,
  annotations: UPDATES,
});
