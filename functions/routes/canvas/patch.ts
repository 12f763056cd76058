// route: POST /api/mcp/canvas/patch → applyOperations (all or nothing) → CanvasRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { CanvasOperation } from '#core/canvas/operations';
import { applyOperations } from '#core/canvas/use-cases';
import { canvases } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';
import { CanvasTarget, editView } from './edit-route.ts';
import { cleanUpRemovedTriggers } from './trigger-cleanup.ts';

const Body = z.strictObject({ ...CanvasTarget.shape, operations: z.array(CanvasOperation).check(z.minLength(1), z.maxLength(500)) });

export const handler = defineRoute('canvas-patch', { body: Body }, async ({ body, principal }) => {
  const { canvas, result } = await applyOperations(principal, body, body.operations, {
    canvases,
    clock: systemClock,
    onTriggerNodesRemoved: cleanUpRemovedTriggers,
  });
  return { canvasId: canvas.id, canvasVersion: canvas.version, results: result.map((entry) => editView(canvas, entry)), canvas };
});
