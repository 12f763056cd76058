// operation: POST /api/mcp/canvas/r2-upload/reserve → reserveUpload (canvas) → AssetStorage presign + AssetRepository
import * as z from '#core/schema';
import { reserveUpload } from '#core/assets/use-cases';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { CanvasIdField } from '#operations/authoring/canvas-edit';
import { deps, ReservedView, ReserveFields } from './asset-fields.ts';
import { ASSET_SHA256, CANVAS, reserved } from '#operations/example-values';
import { WRITES_MEDIA, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'reserve_canvas_upload',
  title: 'Reserve a canvas upload',
  description:
    'Starts uploading an image, video or audio file for a canvas: answers a presigned S3 URL bound to exactly this size, type and (if given) SHA-256, valid 15 minutes. PUT the bytes there with the headers given, then call finalize_canvas_upload (verify_canvas_upload checks first without recording).',
  example: {
    input: { canvasId: CANVAS, name: 'intro.mp4', contentType: 'video/mp4', size: 5242880, sha256: ASSET_SHA256 },
    status: 201,
    output: reserved,
  },
  route: 'canvas-r2-upload-reserve',
  http: writeRoute('/api/mcp/canvas/r2-upload/reserve', 'write:canvas', 'assets', WRITES_MEDIA),
  input: z.strictObject({ canvasId: CanvasIdField, ...ReserveFields }),
  output: ReservedView,
  audit: { none: 'a reservation of an upload URL, not an asset yet; finalize_canvas_upload records the asset' },
  annotations: CREATES,
  async run(input, { principal }) {
    return created(await reserveUpload(principal, { target: 'canvas', ...input }, deps));
  },
});
