// route: POST /api/mcp/canvas/edge/delete → applyOperations (one 'edge/delete' operation) → CanvasRepository
import { DESTROYS } from '#operations/operation';
import { DeletedView } from '#operations/views';
import { operationRoute } from '#http/operation-route';
import { canvasEditOperation } from './edit-route.ts';

export const operation = canvasEditOperation({
  route: 'canvas-edge-delete',
  op: 'edge/delete',
  name: 'delete_edge',
  title: 'Delete edge',
  description: 'Removes one edge from a canvas.',
  output: DeletedView,
  annotations: DESTROYS,
});

export const handler = operationRoute(operation);
