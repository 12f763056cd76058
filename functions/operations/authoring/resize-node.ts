// operation: POST /api/mcp/canvas/node/resize → applyOperations (one 'node/resize' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edit, textNode } from '#operations/example-values';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, nodeId: 'tpl', size: { width: 320, height: 200 } },
    status: 200,
    output: { ...textNode, size: { width: 320, height: 200 }, ...edit },
  },
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
