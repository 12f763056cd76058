// operation: GET /api/mcp/canvas/state?canvasId= → getCanvas (+ webhook status rows, + canvasWarnings, codeWarnings) →
// CanvasRepository, WebhookRepository
import * as z from '#core/schema';
import { getCanvas } from '#core/canvas/use-cases';
import { canvasWarningsWithCalls } from '#core/canvas/warnings';
import { codeWarnings } from '#core/code/code-warnings';
import { webhookStatusRows } from '#core/webhooks/use-cases';
import { canvases, runs as executions, webhooks } from '#adapters/composition/stores';
import { codeSandbox } from '#adapters/composition/code-sandbox';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { CanvasStateView } from '#operations/views';
import { CanvasIdField } from '#operations/authoring/canvas-edit';
import { CANVAS, canvas } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_canvas',
  title: 'Get canvas',
  description:
    'Reads a whole canvas: nodes (data, documents; webhook triggers with their status), edges, viewport, version, and per-node `warnings` for what will matter when it runs.',
  example: {
    input: { canvasId: CANVAS },
    status: 200,
    output: {
      ...canvas,
      warnings: [
        {
          nodeId: 'tpl',
          code: 'template-variable',
          message:
            'Node tpl (text): {{ name }} is not a template variable (use {{input}} or {{inputs.name}}), so it stays as written',
        },
      ],
    },
  },
  route: 'canvas-state',
  http: readRoute('/api/mcp/canvas/state', 'read:canvases', 'canvas'),
  input: z.object({ canvasId: CanvasIdField }),
  output: CanvasStateView,
  annotations: READ_ONLY,
  async run({ canvasId }, { principal }) {
    const canvas = await getCanvas(principal, canvasId, { canvases });
    // Only canvases with webhook-trigger nodes pay for their status rows.
    const rows = await webhookStatusRows(principal.workspaceId, canvas, { webhooks, executions });
    return {
      ...canvas,
      nodes: canvas.nodes.map((node) => (rows[node.id] ? { ...node, webhook: rows[node.id] } : node)),
      warnings: [
        ...(await canvasWarningsWithCalls(canvas, (id) => canvases.get(principal.workspaceId, id))),
        ...(await codeWarnings(canvas, codeSandbox)),
      ],
    };
  },
});
