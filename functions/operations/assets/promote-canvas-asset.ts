// operation: POST /api/mcp/canvas/r2-upload/promote-library → promoteToLibrary → AssetRepository
import * as z from '#core/schema';
import { promoteToLibrary } from '#core/assets/use-cases';
import { UPDATES, defineOperation } from '#operations/operation';
import { assetView, AssetIdField, AssetView, deps, FolderField, TagsField } from './asset-fields.ts';
import { ASSET, libraryAsset } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'promote_canvas_asset',
  title: 'Add a canvas asset to the library',
  description:
    'Puts a canvas asset into the workspace library (optionally into a folder, with tags), where list_assets finds it. It stays attached to its canvas.',
  example: {
    input: { assetId: ASSET, folder: '/brand', tags: ['intro'] },
    status: 200,
    output: libraryAsset,
  },
  route: 'canvas-r2-upload-promote-library',
  http: writeRoute('/api/mcp/canvas/r2-upload/promote-library', 'write:canvas', 'assets'),
  input: z.strictObject({ assetId: AssetIdField, folder: z.optional(FolderField), tags: z.optional(TagsField) }),
  output: AssetView,
  audit: 'asset.update',
  annotations: UPDATES,
  run: async (input, { principal }) => assetView(await promoteToLibrary(principal, input, deps)),
});
