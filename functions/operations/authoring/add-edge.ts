// operation: POST /api/mcp/canvas/edge/add → applyOperations (one 'edge/add' operation) → CanvasRepository
import { CREATES } from '#operations/operation';
import { EdgeEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edge, edit } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, source: 'prompt', sourceHandle: 'prompt-out', target: 'tpl', targetHandle: 'text-in' },
    status: 201,
    output: { ...edge, ...edit },
  },
  route: 'canvas-edge-add',
  http: writeRoute('/api/mcp/canvas/edge/add', 'write:canvas', 'canvas'),
  op: 'edge/add',
  name: 'add_edge',
  title: 'Connect nodes',
  description:
    'Connects an output port of one node to an input port of another. Refused, saying why, when a port does not exist, the port types do not fit, the input is taken or the edge would close a cycle; check first with validate_edge if unsure.',
  output: EdgeEditView,
  annotations: CREATES,
  creates: true,
});
