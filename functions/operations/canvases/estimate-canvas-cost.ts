// operation: GET /api/mcp/canvas/cost-estimate?canvasId= → getCanvas → estimateCanvasCost (the price book and the model
// contracts; no writes)
import * as z from '#core/schema';
import { getCanvas } from '#core/canvas/use-cases';
import { estimateCanvasCost } from '#core/canvas/cost-estimate';
import { priceBook } from '#core/credits/prices';
import { canvases } from '#adapters/composition/stores';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { CanvasCostEstimateView } from '#operations/views';
import { CanvasIdField } from '#operations/authoring/canvas-edit';
import { CANVAS } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'estimate_canvas_cost',
  title: 'Estimate what a run costs',
  description:
    'Estimates the credits each generation node is charged per run, from the price list and its model settings; a node priced by its run-time input says so instead of a number.',
  example: {
    input: { canvasId: CANVAS },
    status: 200,
    output: {
      canvasId: CANVAS,
      canvasVersion: 3,
      nodes: [
        {
          nodeId: 'video',
          type: 'video-generation',
          credits: 40,
          sku: 'video.generate',
          priceModel: 'fast',
          unit: 'Seconds',
          unitPrice: 8,
          quantity: 5,
        },
        {
          nodeId: 'voice',
          type: 'audio-generation',
          credits: null,
          sku: 'audio.tts',
          priceModel: 'multilingual_v2',
          unit: '1000 Characters',
          unitPrice: 6,
          reason: 'Depends on the text that reaches text-in: 6 credits per started 1000 Characters',
        },
      ],
      totalCredits: 40,
      complete: false,
    },
  },
  route: 'canvas-cost-estimate',
  http: readRoute('/api/mcp/canvas/cost-estimate', 'read:canvases', 'canvas', { table: 'read', prices: true }),
  input: z.object({ canvasId: CanvasIdField }),
  output: CanvasCostEstimateView,
  annotations: READ_ONLY,
  async run({ canvasId }, { principal }) {
    const canvas = await getCanvas(principal, canvasId, { canvases });
    return estimateCanvasCost(canvas, priceBook());
  },
});
