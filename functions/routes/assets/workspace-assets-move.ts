// route: POST /api/mcp/workspace/assets/move → moveAsset → AssetRepository (version-conditioned)
import { moveAsset } from '#core/assets/use-cases';
import { operationRoute } from '#http/operation-route';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './edit.ts';
import { FolderField } from './shared.ts';

export const operation = assetEditOperation({
  route: 'workspace-assets-move',
  name: 'move_asset',
  title: 'Move asset to a folder',
  description: 'Moves an asset to another library folder (folders exist as long as an asset is in them).',
  fields: { folder: FolderField },
  annotations: UPDATES,
  apply: moveAsset,
});

export const handler = operationRoute(operation);
