// operation: POST /api/mcp/canvas/node/resize → applyOperations (one 'node/resize' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';

export const operation = canvasEditOperation({
  route: 'canvas-node-resize',
  http: {
    method: 'POST',
    path: '/api/mcp/canvas/node/resize',
    scope: 'write:canvas',
    access: { table: 'readWrite' },
    area: 'canvas',
  },
  op: 'node/resize',
  name: 'resize_node',
  title: 'Resize node',
  description: "Sets a node's width and height.",
  output: NodeEditView,
  annotations: UPDATES,
});
