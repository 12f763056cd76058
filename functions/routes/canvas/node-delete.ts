// route: POST /api/mcp/canvas/node/delete → applyOperations (one 'node/delete' operation) → CanvasRepository
import { DESTROYS } from '#operations/operation';
import { DeletedView } from '#operations/views';
import { operationRoute } from '#http/operation-route';
import { canvasEditOperation } from './edit-route.ts';

export const operation = canvasEditOperation({
  route: 'canvas-node-delete',
  op: 'node/delete',
  name: 'delete_node',
  title: 'Delete node',
  description: "Deletes a node and every edge connected to it. A webhook-trigger node's endpoint is revoked with it.",
  output: DeletedView,
  annotations: DESTROYS,
});

export const handler = operationRoute(operation);
