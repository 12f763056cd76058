// operation: POST /api/mcp/canvas/patch → applyOperations (all or nothing) → CanvasRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { CanvasEdit } from '#core/canvas/edits';
import { applyOperations } from '#core/canvas/use-cases';
import { canvases } from '#adapters/composition/stores';
import { UPDATES, defineOperation } from '#operations/operation';
import { PatchView } from '#operations/views';
import { CanvasTarget, editView } from './canvas-edit.ts';
import { cleanUpRemovedTriggers } from './trigger-cleanup.ts';
import { CANVAS, canvas, edit, promptNode, textNode } from '#operations/example-values';

export const operation = defineOperation({
  name: 'patch_canvas',
  title: 'Edit canvas (several changes at once)',
  description:
    'Applies up to 500 edits to one canvas atomically (all or none). Each is { op, …the fields of the single-edit tool of that op without canvasId }. Returns every result and the whole canvas.',
  example: {
    input: {
      canvasId: CANVAS,
      operations: [
        { op: 'node/add', id: 'hook', type: 'webhook-trigger' },
        { op: 'node/move', nodeId: 'tpl', position: { x: 500, y: 100 } },
      ],
    },
    status: 200,
    output: {
      ...edit,
      results: [
        { op: 'node/add', id: 'hook' },
        { op: 'node/move', id: 'tpl' },
      ],
      canvas: {
        ...canvas,
        version: 4,
        nodes: [
          promptNode,
          { ...textNode, position: { x: 500, y: 100 } },
          { id: 'hook', type: 'webhook-trigger', position: { x: 0, y: 0 }, data: {} },
        ],
      },
    },
  },
  route: 'canvas-patch',
  http: {
    method: 'POST',
    path: '/api/mcp/canvas/patch',
    scope: 'write:canvas',
    access: { table: 'readWrite' },
    maxBodyBytes: 1048576,
    area: 'canvas',
  },
  input: z.strictObject({
    ...CanvasTarget.shape,
    operations: z.array(CanvasEdit).check(z.minLength(1), z.maxLength(500), z.describe('The edits, applied in order')),
  }),
  output: PatchView,
  // Not idempotent: a repeated node/add with a generated id adds a second node.
  audit: 'canvas.update',
  annotations: { ...UPDATES, destructiveHint: true, idempotentHint: false },
  async run(input, { principal }) {
    const { canvas, result } = await applyOperations(principal, input, input.operations, {
      canvases,
      clock: systemClock,
      onTriggerNodesRemoved: cleanUpRemovedTriggers,
    });
    return {
      canvasId: canvas.id,
      canvasVersion: canvas.version,
      results: result.map((entry) => editView(canvas, entry)),
      canvas,
    };
  },
});
