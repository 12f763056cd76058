// route: POST /api/mcp/canvas/node/move → applyOperations (one 'node/move' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { operationRoute } from '#http/operation-route';
import { canvasEditOperation } from './edit-route.ts';

export const operation = canvasEditOperation({
  route: 'canvas-node-move',
  op: 'node/move',
  name: 'move_node',
  title: 'Move node',
  description: 'Moves a node to a new position on the canvas.',
  output: NodeEditView,
  annotations: UPDATES,
});

export const handler = operationRoute(operation);
