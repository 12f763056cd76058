// composition: the handle of where generated assets are stored, built on first use, once per process, and
// replaceable in a test (./root.ts: overrideDeps). Apart from ./objects.ts (and the provider jobs'
// ./provider-jobs.ts): its class extends another, which esbuild keeps in any bundle importing its module.
import { S3GeneratedAssetStorage } from '../s3/generated-asset-storage.ts';
import { adapter } from './root.ts';

export const generatedAssetStorage = /* @__PURE__ */ adapter(
  'generatedAssetStorage',
  () => new S3GeneratedAssetStorage(),
);
