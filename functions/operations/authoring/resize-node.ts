// operation: POST /api/mcp/canvas/node/resize → applyOperations (one 'node/resize' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edit, textNode } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, nodeId: 'tpl', size: { width: 320, height: 200 } },
    status: 200,
    output: { ...textNode, size: { width: 320, height: 200 }, ...edit },
  },
  route: 'canvas-node-resize',
  http: writeRoute('/api/mcp/canvas/node/resize', 'write:canvas', 'canvas'),
  op: 'node/resize',
  name: 'resize_node',
  title: 'Resize node',
  description: "Sets a node's width and height.",
  output: NodeEditView,
  annotations: UPDATES,
});
