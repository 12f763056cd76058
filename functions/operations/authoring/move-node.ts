// operation: POST /api/mcp/canvas/node/move → applyOperations (one 'node/move' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edit, textNode } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, nodeId: 'tpl', position: { x: 500, y: 100 } },
    status: 200,
    output: { ...textNode, position: { x: 500, y: 100 }, ...edit },
  },
  route: 'canvas-node-move',
  http: writeRoute('/api/mcp/canvas/node/move', 'write:canvas', 'canvas'),
  op: 'node/move',
  name: 'move_node',
  title: 'Move node',
  description: 'Moves a node to a new position on the canvas.',
  output: NodeEditView,
  annotations: UPDATES,
});
