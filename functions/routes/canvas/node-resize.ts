// route: POST /api/mcp/canvas/node/resize → applyOperations (one 'node/resize' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { operationRoute } from '#http/operation-route';
import { canvasEditOperation } from './edit-route.ts';

export const operation = canvasEditOperation({
  route: 'canvas-node-resize',
  op: 'node/resize',
  name: 'resize_node',
  title: 'Resize node',
  description: "Sets a node's width and height.",
  output: NodeEditView,
  annotations: UPDATES,
});

export const handler = operationRoute(operation);
