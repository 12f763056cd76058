// composition: the handles of the provider jobs' records (video jobs, speech operations), each built on first
// use, once per process, and replaceable in a test (./root.ts: overrideDeps). Apart from ./stores.ts: their
// classes extend another, which esbuild keeps in any bundle importing their module.
import { DynamoSpeechOperationRepository } from '../dynamodb/speech-operation-repository.ts';
import { DynamoVideoJobRepository } from '../dynamodb/video-job-repository.ts';
import { adapter } from './root.ts';

export const videoJobs = /* @__PURE__ */ adapter('videoJobs', () => new DynamoVideoJobRepository());
export const speechOperations = /* @__PURE__ */ adapter(
  'speechOperations',
  () => new DynamoSpeechOperationRepository(),
);
