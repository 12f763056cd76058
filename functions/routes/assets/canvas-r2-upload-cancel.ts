// route: POST /api/mcp/canvas/r2-upload/cancel → cancelUpload (canvas) → S3 delete + AssetRepository
import * as z from '#core/schema';
import { cancelUpload } from '#core/assets/use-cases';
import { operationRoute } from '#http/operation-route';
import { DESTROYS, defineOperation } from '#operations/operation';
import { CanvasIdField } from '#routes/canvas/edit-route';
import { CancelledView, deps, UploadIdField } from './shared.ts';

export const operation = defineOperation({
  name: 'cancel_canvas_upload',
  title: 'Cancel a canvas upload',
  description: 'Drops a reserved canvas upload and any bytes already PUT for it.',
  route: 'canvas-r2-upload-cancel',
  input: z.strictObject({ uploadId: UploadIdField, canvasId: z.optional(CanvasIdField) }),
  output: CancelledView,
  annotations: DESTROYS,
  run: (input, { principal }) => cancelUpload(principal, input, 'canvas', deps),
});

export const handler = operationRoute(operation);
