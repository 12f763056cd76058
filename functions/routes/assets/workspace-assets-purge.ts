// route: POST /api/mcp/workspace/assets/purge → purgeAsset → S3 delete (the version) + AssetRepository
import * as z from '#core/schema';
import { purgeAsset } from '#core/assets/use-cases';
import { operationRoute } from '#http/operation-route';
import { DESTROYS, defineOperation } from '#operations/operation';
import { AssetIdField, deps } from './shared.ts';

export const operation = defineOperation({
  name: 'purge_asset',
  title: 'Purge asset',
  description:
    'Deletes an asset for good: its bytes and its record. Refused (conflict) while a canvas uses it (get_asset_usages) unless force is true, which leaves those nodes naming a missing asset.',
  route: 'workspace-assets-purge',
  input: z.strictObject({
    assetId: AssetIdField,
    force: z._default(z.boolean(), false).check(z.describe('Purge even if canvases use it (default false)')),
  }),
  output: z.looseObject({
    purged: z.literal(true).check(z.describe('Always true')),
    assetId: z.string().check(z.describe('The purged asset')),
    usagesLeft: z.number().check(z.describe('Canvases that still named it (forced purge)')),
  }),
  annotations: DESTROYS,
  run: (input, { principal }) => purgeAsset(principal, input, deps),
});

export const handler = operationRoute(operation);
