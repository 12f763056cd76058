// operation: POST /api/mcp/workspace/assets/upload/reserve → reserveUpload (library) → presign + AssetRepository
import * as z from '#core/schema';
import { reserveUpload } from '#core/assets/use-cases';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { deps, FolderField, ReservedView, ReserveFields, TagsField } from './asset-fields.ts';
import { ASSET_SHA256, reserved } from '#operations/example-values';
import { WRITES_MEDIA, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'reserve_asset_upload',
  title: 'Reserve a library upload',
  description:
    'Starts uploading an image, video or audio file to the workspace library: answers a presigned S3 URL bound to exactly this size, type and (if given) SHA-256, valid 15 minutes. PUT the bytes there, then call finalize_asset_upload.',
  example: {
    input: {
      name: 'intro.mp4',
      contentType: 'video/mp4',
      size: 5242880,
      sha256: ASSET_SHA256,
      folder: '/brand',
      tags: ['intro'],
    },
    status: 201,
    output: reserved,
  },
  route: 'workspace-assets-upload-reserve',
  http: writeRoute(
    '/api/mcp/workspace/assets/upload/reserve',
    ['write:assets', 'write:canvas'],
    'assets',
    WRITES_MEDIA,
  ),
  input: z.strictObject({ ...ReserveFields, folder: z.optional(FolderField), tags: z.optional(TagsField) }),
  output: ReservedView,
  audit: { none: 'a reservation of an upload URL, not an asset yet; finalize_asset_upload records the asset' },
  annotations: CREATES,
  async run(input, { principal }) {
    return created(await reserveUpload(principal, { target: 'library', ...input }, deps));
  },
});
