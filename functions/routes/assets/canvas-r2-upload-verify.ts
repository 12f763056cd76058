// route: POST /api/mcp/canvas/r2-upload/verify → verifyUpload (canvas) → AssetStorage HeadObject
import * as z from '#core/schema';
import { verifyUpload } from '#core/assets/use-cases';
import { operationRoute } from '#http/operation-route';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { CanvasIdField } from '#routes/canvas/edit-route';
import { deps, UploadCheckView, UploadIdField } from './shared.ts';

export const operation = defineOperation({
  name: 'verify_canvas_upload',
  title: 'Verify a canvas upload',
  description:
    'Checks that the bytes of a reserved canvas upload arrived with the declared size, type and checksum; records nothing. `ready: true` means finalize_canvas_upload will succeed.',
  route: 'canvas-r2-upload-verify',
  input: z.strictObject({ uploadId: UploadIdField, canvasId: z.optional(CanvasIdField) }),
  output: UploadCheckView,
  annotations: READ_ONLY,
  run: (input, { principal }) => verifyUpload(principal, input, 'canvas', deps),
});

export const handler = operationRoute(operation);
