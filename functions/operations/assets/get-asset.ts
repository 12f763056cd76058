// operation: GET /api/mcp/workspace/assets/detail → assetDetail → AssetRepository + a presigned GET
import * as z from '#core/schema';
import { assetDetail } from '#core/assets/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { assetView, AssetIdField, AssetView, deps } from './asset-fields.ts';
import { ASSET, LATER, WORKSPACE, libraryAsset } from '#operations/example-values';
import { READS_MEDIA, readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_asset',
  title: 'Get asset',
  description: 'Reads one asset of the workspace with a download URL that works for 5 minutes.',
  example: {
    input: { assetId: ASSET },
    status: 200,
    output: {
      ...libraryAsset,
      downloadUrl: `https://media.s3.amazonaws.com/assets/${WORKSPACE}/${ASSET}?X-Amz-Expires=300&X-Amz-Signature=…`,
      downloadUrlExpiresAt: LATER,
    },
  },
  route: 'workspace-assets-detail',
  http: readRoute('/api/mcp/workspace/assets/detail', ['read:assets', 'read:canvases'], 'assets', READS_MEDIA),
  input: z.object({ assetId: AssetIdField }),
  output: z.looseObject({
    ...AssetView.shape,
    downloadUrl: z.string().check(z.describe('Presigned GET of the bytes')),
    downloadUrlExpiresAt: z.string().check(z.describe('When the URL stops working (ISO 8601)')),
  }),
  annotations: READ_ONLY,
  async run(query, { principal }) {
    const { asset, downloadUrl, downloadUrlExpiresAt } = await assetDetail(principal, query, deps);
    return { ...assetView(asset), downloadUrl, downloadUrlExpiresAt };
  },
});
