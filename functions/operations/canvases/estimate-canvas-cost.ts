// operation: GET /api/mcp/canvas/cost-estimate?canvasId= → getCanvas → estimateCanvasCost (the price book and the model contracts; no writes)
import * as z from '#core/schema';
import { getCanvas } from '#core/canvas/use-cases';
import { estimateCanvasCost } from '#core/canvas/cost-estimate';
import { priceBook } from '#core/credits/prices';
import { canvases } from '#adapters/dynamodb/repositories';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { CanvasCostEstimateView } from '#operations/views';
import { CanvasIdField } from '#operations/authoring/canvas-edit';

export const operation = defineOperation({
  name: 'estimate_canvas_cost',
  title: 'Estimate what a run costs',
  description:
    'Estimates the credits each generation node is charged per run, from the price list and its model settings; ' +
    'a node priced by its run-time input says so instead of a number.',
  route: 'canvas-cost-estimate',
  http: {
    method: 'GET',
    path: '/api/mcp/canvas/cost-estimate',
    scope: 'read:canvases',
    access: { table: 'read', prices: true },
    area: 'canvas',
  },
  input: z.object({ canvasId: CanvasIdField }),
  output: CanvasCostEstimateView,
  annotations: READ_ONLY,
  async run({ canvasId }, { principal }) {
    const canvas = await getCanvas(principal, canvasId, { canvases });
    return estimateCanvasCost(canvas, priceBook());
  },
});
