// operation: POST /api/mcp/canvas/node/move → applyOperations (one 'node/move' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';

export const operation = canvasEditOperation({
  route: 'canvas-node-move',
  http: {
    method: 'POST',
    path: '/api/mcp/canvas/node/move',
    scope: 'write:canvas',
    access: { table: 'readWrite' },
    area: 'canvas',
  },
  op: 'node/move',
  name: 'move_node',
  title: 'Move node',
  description: 'Moves a node to a new position on the canvas.',
  output: NodeEditView,
  annotations: UPDATES,
});
