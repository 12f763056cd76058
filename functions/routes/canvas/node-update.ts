// route: POST /api/mcp/canvas/node/update → applyOperations (one 'node/update' operation) → CanvasRepository
import { canvasEditRoute } from './edit-route.ts';

export const handler = canvasEditRoute('canvas-node-update', 'node/update');
