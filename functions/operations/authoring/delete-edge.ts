// operation: POST /api/mcp/canvas/edge/delete → applyOperations (one 'edge/delete' operation) → CanvasRepository
import { DESTROYS } from '#operations/operation';
import { DeletedView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edge, edit } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, edgeId: edge.id },
    status: 200,
    output: { deleted: true, id: edge.id, ...edit },
  },
  route: 'canvas-edge-delete',
  http: writeRoute('/api/mcp/canvas/edge/delete', 'delete:canvas', 'canvas'),
  op: 'edge/delete',
  name: 'delete_edge',
  title: 'Delete edge',
  description: 'Removes one edge from a canvas.',
  output: DeletedView,
  annotations: DESTROYS,
});
