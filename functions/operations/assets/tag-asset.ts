// operation: POST /api/mcp/workspace/assets/tags → tagAsset → AssetRepository (version-conditioned)
import * as z from '#core/schema';
import { tagAsset } from '#core/assets/use-cases';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './asset-edit.ts';
import { TagsField } from './asset-fields.ts';
import { ASSET, libraryAsset } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = assetEditOperation({
  example: {
    input: { assetId: ASSET, add: ['launch'], remove: ['intro'] },
    status: 200,
    output: { ...libraryAsset, tags: ['launch'], version: 3 },
  },
  route: 'workspace-assets-tags',
  http: writeRoute('/api/mcp/workspace/assets/tags', ['write:assets', 'write:canvas'], 'assets'),
  name: 'tag_asset',
  title: 'Tag asset',
  description: 'Sets the tags of an asset: `tags` replaces them all, `add` and `remove` edit them (at most 20).',
  fields: {
    tags: z.optional(TagsField.check(z.describe('The whole new set of tags'))),
    add: z.optional(TagsField.check(z.describe('Tags to add'))),
    remove: z.optional(TagsField.check(z.describe('Tags to remove'))),
  },
  audit: 'asset.update',
  annotations: UPDATES,
  apply: tagAsset,
});
