// operation: GET /api/fal/generate-video → pollVideoJob (one provider poll; the copy into S3 and the charge, once) →
// job
import { videoStatusOperation } from './video-operations.ts';
import { CANVAS } from '#operations/example-values';

export const operation = videoStatusOperation('provider-two', {
  name: 'get_video_job_provider_two',
  title: 'Poll a video job (provider two)',
  example: {
    input: {
      jobId: 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9a',
      statusToken:
        'eyJ3Ijoid3NfMDFqZDh4M3EydjVrN205cDFyM3Q1dzd5OWEiLCJjIjoiY252XzAxamQ4eDNxMnY1azdtOXAxcjN0NXc3eTlhIn0.q7Kx1cK0pV1iQ8dZsE3nM5yH2fLr9tBa6wUe4oJg0Xc',
    },
    status: 200,
    output: {
      jobId: 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9a',
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
  http: {
    method: 'GET',
    path: '/api/fal/generate-video',
    scope: ['read:assets', 'read:canvases'],
    access: {
      table: 'readWrite',
      bucket: 'readWrite',
      credentials: ['open'],
      prices: true,
      generation: true,
      webhookKey: true,
    },
    timeoutSeconds: 300,
    area: 'generation',
  },
});
