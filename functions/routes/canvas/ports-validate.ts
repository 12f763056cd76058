// route: POST /api/mcp/canvas/ports/validate → validateEdge → CanvasRepository (read only)
import * as z from '#core/schema';
import { CanvasId } from '#core/canvas/model';
import { EdgeAddOp } from '#core/canvas/operations';
import { validateEdge } from '#core/canvas/use-cases';
import { canvases } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';

const Body = z.extend(z.omit(EdgeAddOp, { id: true }), { canvasId: CanvasId });

export const handler = defineRoute('canvas-ports-validate', { body: Body }, ({ body: { canvasId, ...edge }, principal }) =>
  validateEdge(principal, canvasId, edge, { canvases }),
);
