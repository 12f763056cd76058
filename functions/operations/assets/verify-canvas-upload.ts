// operation: POST /api/mcp/canvas/r2-upload/verify → verifyUpload (canvas) → AssetStorage HeadObject
import { verifyUpload } from '#core/assets/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { CanvasUploadTarget } from './canvas-upload-target.ts';
import { deps, UploadCheckView } from './asset-fields.ts';
import { ASSET, ASSET_SHA256, UPLOAD } from '#operations/example-values';
import { READS_MEDIA, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'verify_canvas_upload',
  title: 'Verify a canvas upload',
  description:
    'Checks that the bytes of a reserved canvas upload arrived with the declared size, type and checksum; records nothing. `ready: true` means finalize_canvas_upload will succeed.',
  example: {
    input: { uploadId: UPLOAD },
    status: 200,
    output: {
      uploadId: UPLOAD,
      assetId: ASSET,
      ready: true,
      received: true,
      size: 5242880,
      contentType: 'video/mp4',
      sha256: ASSET_SHA256,
      problems: [],
    },
  },
  route: 'canvas-r2-upload-verify',
  http: writeRoute('/api/mcp/canvas/r2-upload/verify', 'write:canvas', 'assets', READS_MEDIA),
  input: CanvasUploadTarget,
  output: UploadCheckView,
  annotations: READ_ONLY,
  run: (input, { principal }) => verifyUpload(principal, input, 'canvas', deps),
});
