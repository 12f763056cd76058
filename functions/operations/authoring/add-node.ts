// operation: POST /api/mcp/canvas/node/add → applyOperations (one 'node/add' operation) → CanvasRepository
import { CREATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edit, textNode } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = canvasEditOperation({
  example: {
    input: {
      canvasId: CANVAS,
      id: 'tpl',
      type: 'text',
      position: { x: 400, y: 0 },
      data: { template: 'You said: {{input}}' },
    },
    status: 201,
    output: { ...textNode, ...edit },
  },
  route: 'canvas-node-add',
  http: writeRoute('/api/mcp/canvas/node/add', 'write:canvas', 'canvas'),
  op: 'node/add',
  name: 'add_node',
  title: 'Add node',
  description:
    'Adds a node to a canvas. Types and their ports are listed by get_port_manifest; connect nodes with add_edge. Returns the node and the new canvas version.',
  output: NodeEditView,
  annotations: CREATES,
  creates: true,
});
