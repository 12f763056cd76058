// operation: POST /api/mcp/workspace/assets/rename → renameAsset → AssetRepository (version-conditioned)
import { AssetName } from '#core/assets/model';
import { renameAsset } from '#core/assets/use-cases';
import * as z from '#core/schema';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './asset-edit.ts';
import { ASSET, libraryAsset } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = assetEditOperation({
  example: {
    input: { assetId: ASSET, name: 'intro-v2.mp4' },
    status: 200,
    output: { ...libraryAsset, name: 'intro-v2.mp4', version: 3 },
  },
  route: 'workspace-assets-rename',
  http: writeRoute('/api/mcp/workspace/assets/rename', ['write:assets', 'write:canvas'], 'assets'),
  name: 'rename_asset',
  title: 'Rename asset',
  description: 'Changes the display name of an asset (its bytes and id stay).',
  fields: { name: AssetName.check(z.describe('New name (1–255 characters)')) },
  audit: 'asset.update',
  annotations: UPDATES,
  apply: renameAsset,
});
