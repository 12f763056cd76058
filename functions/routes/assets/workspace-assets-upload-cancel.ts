// route: POST /api/mcp/workspace/assets/upload/cancel → cancelUpload (library) → S3 delete + AssetRepository
import * as z from '#core/schema';
import { cancelUpload } from '#core/assets/use-cases';
import { operationRoute } from '#http/operation-route';
import { DESTROYS, defineOperation } from '#operations/operation';
import { CancelledView, deps, UploadIdField } from './shared.ts';

export const operation = defineOperation({
  name: 'cancel_asset_upload',
  title: 'Cancel a library upload',
  description: 'Drops a reserved library upload and any bytes already PUT for it.',
  route: 'workspace-assets-upload-cancel',
  input: z.strictObject({ uploadId: UploadIdField }),
  output: CancelledView,
  annotations: DESTROYS,
  run: (input, { principal }) => cancelUpload(principal, input, 'library', deps),
});

export const handler = operationRoute(operation);
