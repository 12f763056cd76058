// operation: POST /api/mcp/canvas/r2-upload/finalize → finalizeUpload (canvas) → S3 copy + one DynamoDB transaction
import * as z from '#core/schema';
import { ClientId } from '#core/canvas/model';
import { finalizeUpload } from '#core/assets/use-cases';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { CanvasIdField } from '#operations/authoring/canvas-edit';
import { assetView, AssetView, deps, UploadIdField } from './asset-fields.ts';
import { CANVAS, UPLOAD, canvasAsset } from '#operations/example-values';
import { WRITES_MEDIA, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'finalize_canvas_upload',
  title: 'Finalize a canvas upload',
  description:
    'Records an uploaded file as an asset of its canvas, after checking size, type and checksum; with nodeId, the node shows it (data.assetId) in the same transaction. Refused (conflict) while the bytes are missing or differ.',
  example: {
    input: { uploadId: UPLOAD, canvasId: CANVAS, nodeId: 'tpl' },
    status: 201,
    output: canvasAsset,
  },
  route: 'canvas-r2-upload-finalize',
  http: writeRoute('/api/mcp/canvas/r2-upload/finalize', 'write:canvas', 'assets', WRITES_MEDIA),
  input: z.strictObject({
    uploadId: UploadIdField,
    canvasId: z.optional(CanvasIdField),
    nodeId: z.optional(ClientId.check(z.describe('Node of the canvas to attach the asset to (its data.assetId)'))),
  }),
  output: AssetView,
  audit: 'asset.create',
  annotations: CREATES,
  async run(input, { principal }) {
    return created(assetView(await finalizeUpload(principal, input, 'canvas', deps)));
  },
});
