// operation: POST /api/mcp/canvas/node/delete → applyOperations (one 'node/delete' operation) → CanvasRepository
import { DESTROYS } from '#operations/operation';
import { DeletedView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edge, edit } from '#operations/example-values';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, nodeId: 'tpl' },
    status: 200,
    output: { deleted: true, id: 'tpl', removedEdgeIds: [edge.id], ...edit },
  },
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
