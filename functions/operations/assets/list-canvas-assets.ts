// operation: GET /api/mcp/canvas/assets → listCanvasAssets → CanvasRepository + AssetRepository
import * as z from '#core/schema';
import { listCanvasAssets } from '#core/assets/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { pageOf } from '#operations/views';
import { CanvasIdField } from '#operations/authoring/canvas-edit';
import { assetView, AssetView, deps } from './asset-fields.ts';
import { CANVAS, canvasAsset } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_canvas_assets',
  title: 'List canvas assets',
  description:
    'Lists the assets of a canvas: those uploaded or generated for it and those its nodes show (data.assetId), oldest first.',
  example: {
    input: { canvasId: CANVAS, limit: 50 },
    status: 200,
    output: { items: [canvasAsset], nextCursor: null },
  },
  route: 'canvas-assets',
  http: readRoute('/api/mcp/canvas/assets', 'read:canvases', 'assets'),
  input: z.extend(PageInput, { canvasId: CanvasIdField }),
  output: pageOf(AssetView, 'Assets'),
  annotations: READ_ONLY,
  async run(query, { principal }) {
    const page = await listCanvasAssets(principal, query, deps);
    return { items: page.items.map(assetView), nextCursor: page.nextCursor };
  },
});
