// operation: POST /api/mcp/canvas/node/delete → applyOperations (one 'node/delete' operation) → CanvasRepository
import { DESTROYS } from '#operations/operation';
import { DeletedView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edge, edit } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, nodeId: 'tpl' },
    status: 200,
    output: { deleted: true, id: 'tpl', removedEdgeIds: [edge.id], ...edit },
  },
  route: 'canvas-node-delete',
  http: writeRoute('/api/mcp/canvas/node/delete', 'write:canvas', 'canvas'),
  op: 'node/delete',
  name: 'delete_node',
  title: 'Delete node',
  description: "Deletes a node and every edge connected to it. A webhook-trigger node's endpoint is revoked with it.",
  output: DeletedView,
  annotations: DESTROYS,
});
