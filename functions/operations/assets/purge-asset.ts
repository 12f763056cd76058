// operation: POST /api/mcp/workspace/assets/purge → purgeAsset → S3 delete (the version) + AssetRepository
import * as z from '#core/schema';
import { purgeAsset } from '#core/assets/use-cases';
import { DESTROYS, defineOperation } from '#operations/operation';
import { AssetIdField, deps } from './asset-fields.ts';
import { ASSET } from '#operations/example-values';
import { WRITES_MEDIA, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'purge_asset',
  title: 'Purge asset',
  description:
    'Deletes an asset for good: its bytes and its record. Refused (conflict) while a canvas uses it (get_asset_usages) unless force is true, which leaves those nodes naming a missing asset.',
  example: {
    input: { assetId: ASSET, force: false },
    status: 200,
    output: { purged: true, assetId: ASSET, usagesLeft: 0 },
  },
  route: 'workspace-assets-purge',
  http: writeRoute('/api/mcp/workspace/assets/purge', ['delete:assets', 'write:canvas'], 'assets', WRITES_MEDIA),
  input: z.strictObject({
    assetId: AssetIdField,
    force: z._default(z.boolean(), false).check(z.describe('Purge even if canvases use it (default false)')),
  }),
  output: z.looseObject({
    purged: z.literal(true).check(z.describe('Always true')),
    assetId: z.string().check(z.describe('The purged asset')),
    usagesLeft: z.number().check(z.describe('Canvases that still named it (forced purge)')),
  }),
  audit: 'asset.purge',
  annotations: DESTROYS,
  run: (input, { principal }) => purgeAsset(principal, input, deps),
});
