// operation: POST /api/mcp/workspace/assets/move → moveAsset → AssetRepository (version-conditioned)
import { moveAsset } from '#core/assets/use-cases';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './asset-edit.ts';
import { FolderField } from './asset-fields.ts';
import { ASSET, libraryAsset } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = assetEditOperation({
  example: {
    input: { assetId: ASSET, folder: '/brand/video' },
    status: 200,
    output: { ...libraryAsset, folder: '/brand/video', version: 3 },
  },
  route: 'workspace-assets-move',
  http: writeRoute('/api/mcp/workspace/assets/move', ['write:assets', 'write:canvas'], 'assets'),
  name: 'move_asset',
  title: 'Move asset to a folder',
  description: 'Moves an asset to another library folder (folders exist as long as an asset is in them).',
  fields: { folder: FolderField },
  audit: 'asset.update',
  annotations: UPDATES,
  apply: moveAsset,
});
