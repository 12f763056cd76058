// operation: GET /api/mcp/workspace/assets → listLibrary → AssetRepository (one Query per page)
import * as z from '#core/schema';
import { ASSET_KIND_IDS } from '#core/assets/kinds';
import { listLibrary } from '#core/assets/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { pageOf } from '#operations/views';
import { assetView, AssetView, BooleanFlag, deps, FolderField, Tag } from './asset-fields.ts';
import { libraryAsset } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_assets',
  title: 'List library assets',
  description:
    'Lists the workspace asset library, oldest first, optionally only one kind, one folder or one tag; trashed=true lists the trash instead.',
  example: {
    input: { limit: 50, folder: '/brand', kind: 'video' },
    status: 200,
    output: { items: [libraryAsset], nextCursor: null },
  },
  route: 'workspace-assets',
  http: readRoute('/api/mcp/workspace/assets', ['read:assets', 'read:canvases'], 'assets'),
  input: z.extend(PageInput, {
    kind: z.optional(z.enum(ASSET_KIND_IDS).check(z.describe('Only this kind: image, video or audio'))),
    folder: z.optional(FolderField.check(z.describe('Only assets directly in this folder'))),
    tag: z.optional(Tag.check(z.describe('Only assets with this tag'))),
    trashed: z._default(BooleanFlag, false).check(z.describe('true lists the trash (default false)')),
  }),
  output: pageOf(AssetView, 'Assets'),
  annotations: READ_ONLY,
  async run(query, { principal }) {
    const page = await listLibrary(principal, query, deps);
    return { items: page.items.map(assetView), nextCursor: page.nextCursor };
  },
});
