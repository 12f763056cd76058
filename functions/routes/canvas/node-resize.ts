// route: POST /api/mcp/canvas/node/resize → applyOperations (one 'node/resize' operation) → CanvasRepository
import { canvasEditRoute } from './edit-route.ts';

export const handler = canvasEditRoute('canvas-node-resize', 'node/resize');
