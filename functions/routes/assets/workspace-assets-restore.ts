// route: POST /api/mcp/workspace/assets/restore → restoreAsset → AssetRepository (version-conditioned)
import { restoreAsset } from '#core/assets/use-cases';
import { operationRoute } from '#http/operation-route';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './edit.ts';

export const operation = assetEditOperation({
  route: 'workspace-assets-restore',
  name: 'restore_asset',
  title: 'Restore asset',
  description: 'Takes an asset out of the trash.',
  fields: {},
  annotations: UPDATES,
  apply: restoreAsset,
});

export const handler = operationRoute(operation);
