// route: POST /api/mcp/canvas/fit-viewport → applyOperations (one 'fit-viewport' operation) → CanvasRepository
import { canvasEditRoute } from './edit-route.ts';

export const handler = canvasEditRoute('canvas-fit-viewport', 'fit-viewport');
