// operation: POST /api/mcp/workspace/assets/upload/finalize → finalizeUpload (library) → S3 copy + one transaction
import * as z from '#core/schema';
import { finalizeUpload } from '#core/assets/use-cases';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { assetView, AssetView, deps, UploadIdField } from './asset-fields.ts';
import { UPLOAD, libraryAsset } from '#operations/example-values';
import { WRITES_MEDIA, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'finalize_asset_upload',
  title: 'Finalize a library upload',
  description:
    'Records an uploaded file in the workspace library after checking size, type and checksum. Refused (conflict) while the bytes are missing or differ.',
  example: {
    input: { uploadId: UPLOAD },
    status: 201,
    output: { ...libraryAsset, canvasId: null, version: 1 },
  },
  route: 'workspace-assets-upload-finalize',
  http: writeRoute(
    '/api/mcp/workspace/assets/upload/finalize',
    ['write:assets', 'write:canvas'],
    'assets',
    WRITES_MEDIA,
  ),
  input: z.strictObject({ uploadId: UploadIdField }),
  output: AssetView,
  audit: 'asset.create',
  annotations: CREATES,
  async run(input, { principal }) {
    return created(assetView(await finalizeUpload(principal, input, 'library', deps)));
  },
});
