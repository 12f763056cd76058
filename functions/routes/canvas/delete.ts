// route: POST /api/mcp/canvas/delete → deleteCanvas → CanvasRepository
import * as z from '#core/schema';
import { CanvasId } from '#core/canvas/model';
import { deleteCanvas } from '#core/canvas/use-cases';
import { canvases } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';
import { cleanUpRemovedTriggers } from './trigger-cleanup.ts';

export const handler = defineRoute('canvas-delete', { body: z.strictObject({ canvasId: CanvasId }) }, async ({ body, principal }) => {
  await deleteCanvas(principal, body.canvasId, { canvases, onTriggerNodesRemoved: cleanUpRemovedTriggers });
  return { deleted: true, id: body.canvasId };
});
