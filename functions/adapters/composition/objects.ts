// composition: the handles of the S3 adapters (uploaded assets, run blobs; generated assets are in
// ./generation.ts, FOCUS exports in ./exports.ts), each built on first use, once per process, and
// replaceable in a test (./root.ts: overrideDeps).
import { S3AssetStorage } from '../s3/asset-storage.ts';
import { S3BlobStore } from '../s3/blob-store.ts';
import { adapter } from './root.ts';

export const assetStorage = /* @__PURE__ */ adapter('assetStorage', () => new S3AssetStorage());
export const blobs = /* @__PURE__ */ adapter('blobs', () => new S3BlobStore());
