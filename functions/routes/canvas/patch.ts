// route: POST /api/mcp/canvas/patch → applyOperations (all or nothing) → CanvasRepository
import { z } from 'zod';
import { systemClock } from '#core/clock';
import { CanvasOperation } from '#core/canvas/operations';
import { applyOperations } from '#core/canvas/use-cases';
import { canvases } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';
import { CanvasTarget, editView } from './edit-route.ts';

const Body = CanvasTarget.extend({ operations: z.array(CanvasOperation).min(1).max(500) }).strict();

export const handler = defineRoute('canvas-patch', { body: Body }, async ({ body, principal }) => {
  const { canvas, result } = await applyOperations(principal, body, body.operations, { canvases, clock: systemClock });
  return { canvasId: canvas.id, canvasVersion: canvas.version, results: result.map((entry) => editView(canvas, entry)), canvas };
});
