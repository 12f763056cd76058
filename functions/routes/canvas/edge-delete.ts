// route: POST /api/mcp/canvas/edge/delete → applyOperations (one 'edge/delete' operation) → CanvasRepository
import { canvasEditRoute } from './edit-route.ts';

export const handler = canvasEditRoute('canvas-edge-delete', 'edge/delete');
