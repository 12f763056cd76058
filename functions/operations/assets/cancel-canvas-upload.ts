// operation: POST /api/mcp/canvas/r2-upload/cancel → cancelUpload (canvas) → S3 delete + AssetRepository
import { cancelUpload } from '#core/assets/use-cases';
import { DESTROYS, defineOperation } from '#operations/operation';
import { CanvasUploadTarget } from './canvas-upload-target.ts';
import { CancelledView, deps } from './asset-fields.ts';
import { UPLOAD } from '#operations/example-values';
import { WRITES_MEDIA, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'cancel_canvas_upload',
  title: 'Cancel a canvas upload',
  description: 'Drops a reserved canvas upload and any bytes already PUT for it.',
  example: { input: { uploadId: UPLOAD }, status: 200, output: { cancelled: true, uploadId: UPLOAD } },
  route: 'canvas-r2-upload-cancel',
  http: writeRoute('/api/mcp/canvas/r2-upload/cancel', 'write:canvas', 'assets', WRITES_MEDIA),
  input: CanvasUploadTarget,
  output: CancelledView,
  audit: { none: 'drops a reservation that never became an asset' },
  annotations: DESTROYS,
  run: (input, { principal }) => cancelUpload(principal, input, 'canvas', deps),
});
