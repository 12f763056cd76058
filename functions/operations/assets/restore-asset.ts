// operation: POST /api/mcp/workspace/assets/restore → restoreAsset → AssetRepository (version-conditioned)
import { restoreAsset } from '#core/assets/use-cases';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './asset-edit.ts';
import { ASSET, libraryAsset } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = assetEditOperation({
  example: { input: { assetId: ASSET }, status: 200, output: { ...libraryAsset, version: 4 } },
  route: 'workspace-assets-restore',
  http: writeRoute('/api/mcp/workspace/assets/restore', ['write:assets', 'write:canvas'], 'assets'),
  name: 'restore_asset',
  title: 'Restore asset',
  description: 'Takes an asset out of the trash.',
  fields: {},
  audit: 'asset.restore',
  annotations: UPDATES,
  apply: restoreAsset,
});
