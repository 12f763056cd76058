// operation: GET /api/mcp/canvas/executions?canvasId= → listCanvasExecutions → RunRepository (GSI1)
import * as z from '#core/schema';
import { listCanvasExecutions } from '#core/runs/use-cases';
import { runs } from '#adapters/composition/stores';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { ExecutionSummaryView, pageOf } from '#operations/views';
import { CanvasIdField } from '#operations/authoring/canvas-edit';
import { CANVAS, executionSummary } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_canvas_executions',
  title: 'Runs of a canvas',
  description:
    'Lists the executions of one canvas, newest first, with their status and timings. Read one with get_execution.',
  example: {
    input: { canvasId: CANVAS, limit: 10 },
    status: 200,
    output: { items: [executionSummary], nextCursor: null },
  },
  route: 'canvas-executions',
  http: readRoute('/api/mcp/canvas/executions', 'read:canvases', 'canvas'),
  input: z.object({ ...PageInput.shape, canvasId: CanvasIdField }),
  output: pageOf(ExecutionSummaryView, 'Executions, newest first'),
  annotations: READ_ONLY,
  run: (query, { principal }) => listCanvasExecutions(principal, query.canvasId, query, { runs }),
});
