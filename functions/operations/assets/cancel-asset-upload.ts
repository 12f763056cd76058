// operation: POST /api/mcp/workspace/assets/upload/cancel → cancelUpload (library) → S3 delete + AssetRepository
import * as z from '#core/schema';
import { cancelUpload } from '#core/assets/use-cases';
import { DESTROYS, defineOperation } from '#operations/operation';
import { CancelledView, deps, UploadIdField } from './asset-fields.ts';
import { UPLOAD } from '#operations/example-values';
import { WRITES_MEDIA, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'cancel_asset_upload',
  title: 'Cancel a library upload',
  description: 'Drops a reserved library upload and any bytes already PUT for it.',
  example: { input: { uploadId: UPLOAD }, status: 200, output: { cancelled: true, uploadId: UPLOAD } },
  route: 'workspace-assets-upload-cancel',
  http: writeRoute('/api/mcp/workspace/assets/upload/cancel', ['write:assets', 'write:canvas'], 'assets', WRITES_MEDIA),
  input: z.strictObject({ uploadId: UploadIdField }),
  output: CancelledView,
  audit: { none: 'drops a reservation that never became an asset' },
  annotations: DESTROYS,
  run: (input, { principal }) => cancelUpload(principal, input, 'library', deps),
});
