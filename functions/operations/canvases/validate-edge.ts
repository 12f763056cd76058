// operation: POST /api/mcp/canvas/ports/validate → validateEdge → CanvasRepository (read only)
import * as z from '#core/schema';
import { EdgeAddOp } from '#core/canvas/edits';
import { validateEdge } from '#core/canvas/use-cases';
import { canvases } from '#adapters/composition/stores';
import { codeSandbox } from '#adapters/composition/code-sandbox';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { EdgeValidationView } from '#operations/views';
import { CanvasIdField } from '#operations/authoring/canvas-edit';
import { CANVAS } from '#operations/example-values';
import { READS_TABLE, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'validate_edge',
  title: 'Check an edge',
  description:
    'Checks whether an edge could be added (ports exist, types fit, input free, no cycle) without changing the canvas; fails saying why not.',
  example: {
    input: { canvasId: CANVAS, source: 'prompt', sourceHandle: 'prompt-out', target: 'tpl', targetHandle: 'text-in' },
    status: 200,
    output: {
      valid: true,
      warnings: [
        {
          nodeId: 'voice',
          code: 'node-unavailable',
          message:
            'Node voice (audio-generation): Audio generation cannot run yet: no speech provider is connected in this deployment, so a run that reaches this node is refused',
        },
      ],
    },
  },
  route: 'canvas-ports-validate',
  http: writeRoute('/api/mcp/canvas/ports/validate', 'read:canvases', 'canvas', READS_TABLE),
  input: z.extend(z.omit(EdgeAddOp, { id: true }), { canvasId: CanvasIdField }),
  output: EdgeValidationView,
  annotations: READ_ONLY,
  run: ({ canvasId, ...edge }, { principal }) => validateEdge(principal, canvasId, edge, { canvases, codeSandbox }),
});
