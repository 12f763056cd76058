// operation: POST /api/mcp/workspace/assets/trash → trashAsset → AssetRepository (version-conditioned)
import { trashAsset } from '#core/assets/use-cases';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './asset-edit.ts';
import { ASSET, LATER, libraryAsset } from '#operations/example-values';

export const operation = assetEditOperation({
  example: { input: { assetId: ASSET }, status: 200, output: { ...libraryAsset, trashedAt: LATER, version: 3 } },
  route: 'workspace-assets-trash',
  http: {
    method: 'POST',
    path: '/api/mcp/workspace/assets/trash',
    scope: ['delete:assets', 'write:canvas'],
    access: { table: 'readWrite' },
    area: 'assets',
  },
  name: 'trash_asset',
  title: 'Trash asset',
  description:
    'Moves an asset to the trash: it leaves the library list (list_assets with trashed=true shows it) and cannot be placed; restore_asset brings it back, purge_asset deletes it for good.',
  fields: {},
  annotations: UPDATES,
  apply: trashAsset,
});
