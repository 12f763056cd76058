// operation: POST /api/mcp/canvas/rename → applyOperations (one 'rename' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { CanvasSummaryView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, summary } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, name: 'Greeting flow', expectedVersion: 3 },
    status: 200,
    output: { ...summary, name: 'Greeting flow', version: 4 },
  },
  route: 'canvas-rename',
  http: writeRoute('/api/mcp/canvas/rename', 'write:canvas', 'canvas'),
  op: 'rename',
  name: 'rename_canvas',
  title: 'Rename canvas',
  description: 'Renames a canvas; its id, nodes, edges and runs stay as they are.',
  output: CanvasSummaryView,
  annotations: UPDATES,
});
