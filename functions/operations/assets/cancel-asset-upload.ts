// operation: POST /api/mcp/workspace/assets/upload/cancel → cancelUpload (library) → S3 delete + AssetRepository
import * as z from '#core/schema';
import { cancelUpload } from '#core/assets/use-cases';
import { DESTROYS, defineOperation } from '#operations/operation';
import { CancelledView, deps, UploadIdField } from './asset-fields.ts';
import { UPLOAD } from '#operations/example-values';

export const operation = defineOperation({
  name: 'cancel_asset_upload',
  title: 'Cancel a library upload',
  description: 'Drops a reserved library upload and any bytes already PUT for it.',
  example: { input: { uploadId: UPLOAD }, status: 200, output: { cancelled: true, uploadId: UPLOAD } },
  route: 'workspace-assets-upload-cancel',
  http: {
    method: 'POST',
    path: '/api/mcp/workspace/assets/upload/cancel',
    scope: ['write:assets', 'write:canvas'],
    access: { table: 'readWrite', bucket: 'readWrite' },
    area: 'assets',
  },
  input: z.strictObject({ uploadId: UploadIdField }),
  output: CancelledView,
  annotations: DESTROYS,
  run: (input, { principal }) => cancelUpload(principal, input, 'library', deps),
});
