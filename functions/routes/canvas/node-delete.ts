// route: POST /api/mcp/canvas/node/delete → applyOperations (one 'node/delete' operation) → CanvasRepository
import { canvasEditRoute } from './edit-route.ts';

export const handler = canvasEditRoute('canvas-node-delete', 'node/delete');
