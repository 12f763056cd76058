// route: POST /api/mcp/canvas/rename → applyOperations (one 'rename' operation) → CanvasRepository
import { canvasEditRoute } from './edit-route.ts';

export const handler = canvasEditRoute('canvas-rename', 'rename');
