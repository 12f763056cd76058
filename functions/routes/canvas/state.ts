// route: GET /api/mcp/canvas/state?canvasId= → getCanvas → CanvasRepository
import * as z from '#core/schema';
import { CanvasId } from '#core/canvas/model';
import { getCanvas } from '#core/canvas/use-cases';
import { canvases } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';

export const handler = defineRoute('canvas-state', { query: z.object({ canvasId: CanvasId }) }, ({ query, principal }) =>
  getCanvas(principal, query.canvasId, { canvases }),
);
