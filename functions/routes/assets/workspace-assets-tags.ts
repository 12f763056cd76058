// route: POST /api/mcp/workspace/assets/tags → tagAsset → AssetRepository (version-conditioned)
import * as z from '#core/schema';
import { tagAsset } from '#core/assets/use-cases';
import { operationRoute } from '#http/operation-route';
import { UPDATES } from '#operations/operation';
import { assetEditOperation } from './edit.ts';
import { TagsField } from './shared.ts';

export const operation = assetEditOperation({
  route: 'workspace-assets-tags',
  name: 'tag_asset',
  title: 'Tag asset',
  description: 'Sets the tags of an asset: `tags` replaces them all, `add` and `remove` edit them (at most 20).',
  fields: {
    tags: z.optional(TagsField.check(z.describe('The whole new set of tags'))),
    add: z.optional(TagsField.check(z.describe('Tags to add'))),
    remove: z.optional(TagsField.check(z.describe('Tags to remove'))),
  },
  annotations: UPDATES,
  apply: tagAsset,
});

export const handler = operationRoute(operation);
