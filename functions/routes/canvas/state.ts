// route: GET /api/mcp/canvas/state?canvasId= → getCanvas (+ webhook status rows) → CanvasRepository, WebhookRepository
import * as z from '#core/schema';
import { CanvasId } from '#core/canvas/model';
import { getCanvas } from '#core/canvas/use-cases';
import { webhookStatusRows } from '#core/webhooks/use-cases';
import { canvases } from '#adapters/dynamodb/repositories';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';
import { DynamoWebhookRepository } from '#adapters/dynamodb/webhook-repository';
import { defineRoute } from '#http/route';

const webhooks = new DynamoWebhookRepository();
const executions = new DynamoRunRepository();

export const handler = defineRoute('canvas-state', { query: z.object({ canvasId: CanvasId }) }, async ({ query, principal }) => {
  const canvas = await getCanvas(principal, query.canvasId, { canvases });
  // Only canvases with webhook-trigger nodes pay for their status rows.
  const rows = await webhookStatusRows(principal.workspaceId, canvas, { webhooks, executions });
  return { ...canvas, nodes: canvas.nodes.map((node) => (rows[node.id] ? { ...node, webhook: rows[node.id] } : node)) };
});
