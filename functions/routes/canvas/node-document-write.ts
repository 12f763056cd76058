// route: POST /api/mcp/canvas/node/document-write → applyOperations (one 'node/document-write' operation) → CanvasRepository
import { canvasEditRoute } from './edit-route.ts';

export const handler = canvasEditRoute('canvas-node-document-write', 'node/document-write');
