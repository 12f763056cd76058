// operation: GET /api/mcp/workspace/assets/usages → assetUsages → the canvases' derived assetUses
import * as z from '#core/schema';
import { assetUsages } from '#core/assets/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { AssetIdField, deps, TemplateUsageView, UsageView } from './asset-fields.ts';
import { ASSET, CANVAS, TEMPLATE } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_asset_usages',
  title: 'Get asset usages',
  description:
    'Lists the canvases that use an asset (the nodes that show it, and whether it was uploaded or generated for that canvas) and the templates whose frozen nodes name it. purge_asset refuses an asset with usages unless forced.',
  example: {
    input: { assetId: ASSET },
    status: 200,
    output: {
      assetId: ASSET,
      usages: [{ canvasId: CANVAS, canvasName: 'Hello flow', nodeIds: ['tpl'], attached: true }],
      templates: [{ templateId: TEMPLATE, templateName: 'Hello flow template', nodeIds: ['tpl'] }],
    },
  },
  route: 'workspace-assets-usages',
  http: readRoute('/api/mcp/workspace/assets/usages', ['read:assets', 'read:canvases'], 'assets'),
  input: z.object({ assetId: AssetIdField }),
  output: z.looseObject({
    assetId: z.string().check(z.describe('The asset')),
    usages: z.array(UsageView).check(z.describe('One entry per canvas')),
    templates: z
      .array(TemplateUsageView)
      .check(z.describe('One entry per template whose snapshot names the asset (use_template would place it)')),
  }),
  annotations: READ_ONLY,
  run: (query, { principal }) => assetUsages(principal, query, deps),
});
