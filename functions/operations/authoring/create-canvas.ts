// operation: POST /api/mcp/canvas/create → createCanvas → CanvasRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { CanvasId, CanvasName } from '#core/canvas/model';
import { createCanvas } from '#core/canvas/use-cases';
import { canvases } from '#adapters/composition/stores';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { CanvasView } from '#operations/views';
import { AT, canvas } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'create_canvas',
  title: 'Create canvas',
  description:
    'Creates an empty canvas. Add nodes with add_node (or several edits at once with patch_canvas), then run it with run_workflow.',
  example: {
    input: { name: 'Hello flow' },
    status: 201,
    output: { ...canvas, version: 1, nodes: [], edges: [], updatedAt: AT },
  },
  route: 'canvas-create',
  http: writeRoute('/api/mcp/canvas/create', 'write:canvas', 'canvas'),
  input: z.strictObject({
    name: CanvasName.check(z.describe('Canvas name (1–200 characters)')),
    id: z.optional(
      CanvasId.check(z.describe('Canvas id to use ([A-Za-z0-9_-], up to 64); omit to get a generated cnv_… id')),
    ),
  }),
  output: CanvasView,
  audit: 'canvas.create',
  annotations: CREATES,
  run: async (input, { principal }) => created(await createCanvas(principal, input, { canvases, clock: systemClock })),
});
