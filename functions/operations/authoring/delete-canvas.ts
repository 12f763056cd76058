// operation: POST /api/mcp/canvas/delete → deleteCanvas → CanvasRepository
import * as z from '#core/schema';
import { deleteCanvas } from '#core/canvas/use-cases';
import { canvases } from '#adapters/composition/stores';
import { DESTROYS, defineOperation } from '#operations/operation';
import { DeletedView } from '#operations/views';
import { CanvasIdField } from './canvas-edit.ts';
import { cleanUpRemovedTriggers } from './trigger-cleanup.ts';
import { CANVAS } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'delete_canvas',
  title: 'Delete canvas',
  description:
    'Deletes a canvas for good, with its nodes, edges and webhook endpoints (past executions stay readable). To hide it instead, use archive_canvas.',
  example: { input: { canvasId: CANVAS }, status: 200, output: { deleted: true, id: CANVAS } },
  route: 'canvas-delete',
  http: writeRoute('/api/mcp/canvas/delete', 'delete:canvas', 'canvas'),
  input: z.strictObject({ canvasId: CanvasIdField }),
  output: DeletedView,
  audit: 'canvas.delete',
  annotations: DESTROYS,
  async run({ canvasId }, { principal }) {
    await deleteCanvas(principal, canvasId, { canvases, onTriggerNodesRemoved: cleanUpRemovedTriggers });
    return { deleted: true as const, id: canvasId };
  },
});
