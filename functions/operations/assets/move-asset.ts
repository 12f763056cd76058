// operation: POST /api/mcp/workspace/assets/move → moveAsset → AssetRepository (version-conditioned)
import { moveAsset } from '#core/assets/use-cases';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './asset-edit.ts';
import { FolderField } from './asset-fields.ts';
import { ASSET, libraryAsset } from '#operations/example-values';

export const operation = assetEditOperation({
  example: {
    input: { assetId: ASSET, folder: '/brand/video' },
    status: 200,
    output: { ...libraryAsset, folder: '/brand/video', version: 3 },
  },
  route: 'workspace-assets-move',
  http: {
    method: 'POST',
    path: '/api/mcp/workspace/assets/move',
    scope: ['write:assets', 'write:canvas'],
    access: { table: 'readWrite' },
    area: 'assets',
  },
  name: 'move_asset',
  title: 'Move asset to a folder',
  description: 'Moves an asset to another library folder (folders exist as long as an asset is in them).',
  fields: { folder: FolderField },
  annotations: UPDATES,
  apply: moveAsset,
});
