// route: POST /api/mcp/canvas/node/add → applyOperations (one 'node/add' operation) → CanvasRepository
import { canvasEditRoute } from './edit-route.ts';

export const handler = canvasEditRoute('canvas-node-add', 'node/add', { status: 201 });
