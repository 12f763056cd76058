// operation: POST /api/mcp/canvas/node/delete → applyOperations (one 'node/delete' operation) → CanvasRepository
import { DESTROYS } from '#operations/operation';
import { DeletedView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';

export const operation = canvasEditOperation({
  route: 'canvas-node-delete',
  http: {
    method: 'POST',
    path: '/api/mcp/canvas/node/delete',
    scope: 'write:canvas',
    access: { table: 'readWrite' },
    area: 'canvas',
  },
  op: 'node/delete',
  name: 'delete_node',
  title: 'Delete node',
  description: "Deletes a node and every edge connected to it. A webhook-trigger node's endpoint is revoked with it.",
  output: DeletedView,
  annotations: DESTROYS,
});
