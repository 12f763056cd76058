// route: POST /api/mcp/canvas/create → createCanvas → CanvasRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { CanvasId, CanvasName } from '#core/canvas/model';
import { createCanvas } from '#core/canvas/use-cases';
import { canvases } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';
import { created } from '#http/responses';

const Body = z.strictObject({ name: CanvasName, id: z.optional(CanvasId) });

export const handler = defineRoute('canvas-create', { body: Body }, async ({ body, principal }) =>
  created(await createCanvas(principal, body, { canvases, clock: systemClock })),
);
