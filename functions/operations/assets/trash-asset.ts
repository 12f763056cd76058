// operation: POST /api/mcp/workspace/assets/trash → trashAsset → AssetRepository (version-conditioned)
import { trashAsset } from '#core/assets/use-cases';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './asset-edit.ts';
import { ASSET, LATER, libraryAsset } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = assetEditOperation({
  example: { input: { assetId: ASSET }, status: 200, output: { ...libraryAsset, trashedAt: LATER, version: 3 } },
  route: 'workspace-assets-trash',
  http: writeRoute('/api/mcp/workspace/assets/trash', ['delete:assets', 'write:canvas'], 'assets'),
  name: 'trash_asset',
  title: 'Trash asset',
  description:
    'Moves an asset to the trash: it leaves the library list (list_assets with trashed=true shows it) and cannot be placed; restore_asset brings it back, purge_asset deletes it for good.',
  fields: {},
  audit: 'asset.trash',
  annotations: UPDATES,
  apply: trashAsset,
});
