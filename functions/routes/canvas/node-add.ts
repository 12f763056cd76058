// route: POST /api/mcp/canvas/node/add → applyOperations (one 'node/add' operation) → CanvasRepository
import { CREATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { operationRoute } from '#http/operation-route';
import { canvasEditOperation } from './edit-route.ts';

export const operation = canvasEditOperation({
  route: 'canvas-node-add',
  op: 'node/add',
  name: 'add_node',
  title: 'Add node',
  description:
    'Adds a node to a canvas. Types and their ports are listed by get_port_manifest; connect nodes with add_edge. Returns the node and the new canvas version.',
  output: NodeEditView,
  annotations: CREATES,
  creates: true,
});

export const handler = operationRoute(operation);
