// route: POST /api/mcp/canvas/node/move → applyOperations (one 'node/move' operation) → CanvasRepository
import { canvasEditRoute } from './edit-route.ts';

export const handler = canvasEditRoute('canvas-node-move', 'node/move');
