// operation: GET /api/fal/generate-video → pollVideoJob (one provider poll; the copy into S3 and the charge, once) →
// job
import { videoStatusOperation, videoStatusRoute } from './video-operations.ts';
import { PROVIDER_TWO_JOB_ID, PROVIDER_TWO_STATUS_TOKEN } from './video-examples.ts';
import { CANVAS } from '#operations/example-values';

export const operation = videoStatusOperation('provider-two', {
  name: 'get_video_job_provider_two',
  title: 'Poll a video job (provider two)',
  example: {
    input: {
      jobId: PROVIDER_TWO_JOB_ID,
      statusToken: PROVIDER_TWO_STATUS_TOKEN,
    },
    status: 200,
    output: {
      jobId: PROVIDER_TWO_JOB_ID,
      status: 'succeeded',
      provider: 'provider-two',
      model: 'fal-ai/kling-video/v3/pro/image-to-video',
      mode: 'image-to-video',
      canvasId: CANVAS,
      pollAfterSeconds: 0,
      dropped: ['modelParams.seed'],
      heldSeconds: 5,
      error: null,
      asset: {
        assetId: 'ast_01jd8x9z1b3d5f7h9k1m3p5r7t',
        kind: 'video',
        contentType: 'video/mp4',
        size: 1843200,
        name: 'video-y9a.mp4',
      },
    },
  },
  route: 'fal-generate-video-status',
  http: videoStatusRoute('/api/fal/generate-video'),
});
