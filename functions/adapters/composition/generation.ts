// composition: the handles of the generation adapters — provider jobs (video, speech) and where generated
// assets are stored — each built on first use, once per process, and replaceable in a test (./root.ts:
// overrideDeps). Apart from ./stores.ts and ./objects.ts: their classes extend others, which esbuild keeps
// in any bundle that imports their module, so only the generation functions import it.
import { DynamoSpeechOperationRepository } from '../dynamodb/speech-operation-repository.ts';
import { DynamoVideoJobRepository } from '../dynamodb/video-job-repository.ts';
import { S3GeneratedAssetStorage } from '../s3/generated-asset-storage.ts';
import { adapter } from './root.ts';

export const videoJobs = /* @__PURE__ */ adapter('videoJobs', () => new DynamoVideoJobRepository());
export const speechOperations = /* @__PURE__ */ adapter(
  'speechOperations',
  () => new DynamoSpeechOperationRepository(),
);
export const generatedAssetStorage = /* @__PURE__ */ adapter(
  'generatedAssetStorage',
  () => new S3GeneratedAssetStorage(),
);
