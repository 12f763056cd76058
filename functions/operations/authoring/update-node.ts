// operation: POST /api/mcp/canvas/node/update → applyOperations (one 'node/update' operation) → CanvasRepository
import { UPDATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edit, textNode } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, nodeId: 'tpl', data: { template: 'Echo: {{input}}' } },
    status: 200,
    output: { ...textNode, data: { template: 'Echo: {{input}}' }, ...edit },
  },
  route: 'canvas-node-update',
  http: writeRoute('/api/mcp/canvas/node/update', 'write:canvas', 'canvas'),
  op: 'node/update',
  name: 'update_node',
  title: 'Update node',
  description:
    "Changes a node's settings (data, merged by default) or its type. A type change that would break connected edges is refused, naming them.",
  output: NodeEditView,
  // Replaces settings (or, with merge false, all of them): what was there before is gone.
  annotations: { ...UPDATES, destructiveHint: true },
});
