// route: POST /api/mcp/canvas/restore → setArchived(false) → CanvasRepository
import { systemClock } from '#core/clock';
import * as z from '#core/schema';
import { setArchived } from '#core/canvas/use-cases';
import { canvases } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';
import { CanvasTarget } from './edit-route.ts';

export const handler = defineRoute('canvas-restore', { body: z.strictObject(CanvasTarget.shape) }, ({ body, principal }) =>
  setArchived(principal, body, false, { canvases, clock: systemClock }),
);
