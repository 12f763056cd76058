// route: POST /api/mcp/canvas/edge/add → applyOperations (one 'edge/add' operation) → CanvasRepository
import { canvasEditRoute } from './edit-route.ts';

export const handler = canvasEditRoute('canvas-edge-add', 'edge/add', { status: 201 });
