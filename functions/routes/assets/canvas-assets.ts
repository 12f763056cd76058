// route: GET /api/mcp/canvas/assets → listCanvasAssets → CanvasRepository + AssetRepository
import * as z from '#core/schema';
import { listCanvasAssets } from '#core/assets/use-cases';
import { operationRoute } from '#http/operation-route';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { pageOf } from '#operations/views';
import { CanvasIdField } from '#routes/canvas/edit-route';
import { assetView, AssetView, deps } from './shared.ts';

export const operation = defineOperation({
  name: 'list_canvas_assets',
  title: 'List canvas assets',
  description:
    'Lists the assets of a canvas: those uploaded or generated for it and those its nodes show (data.assetId), oldest first.',
  route: 'canvas-assets',
  input: z.extend(PageInput, { canvasId: CanvasIdField }),
  output: pageOf(AssetView, 'Assets'),
  annotations: READ_ONLY,
  async run(query, { principal }) {
    const page = await listCanvasAssets(principal, query, deps);
    return { items: page.items.map(assetView), nextCursor: page.nextCursor };
  },
});

export const handler = operationRoute(operation);
