// operation: POST /api/mcp/workspace/assets/restore → restoreAsset → AssetRepository (version-conditioned)
import { restoreAsset } from '#core/assets/use-cases';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './asset-edit.ts';
import { ASSET, libraryAsset } from '#operations/example-values';

export const operation = assetEditOperation({
  example: { input: { assetId: ASSET }, status: 200, output: { ...libraryAsset, version: 4 } },
  route: 'workspace-assets-restore',
  http: {
    method: 'POST',
    path: '/api/mcp/workspace/assets/restore',
    scope: ['write:assets', 'write:canvas'],
    access: { table: 'readWrite' },
    area: 'assets',
  },
  name: 'restore_asset',
  title: 'Restore asset',
  description: 'Takes an asset out of the trash.',
  fields: {},
  annotations: UPDATES,
  apply: restoreAsset,
});
