// composition: the handle of the FOCUS export store (S3 multipart uploads, presigned downloads), built on
// first use and replaceable in a test (./root.ts: overrideDeps). Apart from ./objects.ts: its module imports
// @aws-sdk/lib-storage, which esbuild keeps in every bundle that imports the module.
import { S3ExportStore } from '../s3/export-store.ts';
import { adapter } from './root.ts';

export const exportStore = /* @__PURE__ */ adapter('exportStore', () => new S3ExportStore());
