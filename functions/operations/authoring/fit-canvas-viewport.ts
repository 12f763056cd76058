// operation: POST /api/mcp/canvas/fit-viewport → applyOperations (one 'fit-viewport' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { ViewportEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edit } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, width: 1280, height: 800 },
    status: 200,
    output: { viewport: { x: 40, y: 300, zoom: 1 }, ...edit },
  },
  route: 'canvas-fit-viewport',
  http: writeRoute('/api/mcp/canvas/fit-viewport', 'write:canvas', 'canvas'),
  op: 'fit-viewport',
  name: 'fit_canvas_viewport',
  title: 'Fit viewport',
  description: 'Sets the canvas viewport so that every node is visible on a screen of the given size (zoom at most 1).',
  output: ViewportEditView,
  annotations: UPDATES,
});
