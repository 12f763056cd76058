// operation: GET /api/generate-video → pollVideoJob (one Gemini operation read; the copy into S3 and the charge, once)
// → job
import { videoStatusOperation } from './video-operations.ts';
import { CANVAS } from '#operations/example-values';

export const operation = videoStatusOperation('provider-one', {
  name: 'get_video_job_provider_one',
  title: 'Poll a video job (provider one)',
  example: {
    input: {
      jobId: 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9b',
      statusToken:
        'eyJ3Ijoid3NfMDFqZDh4M3EydjVrN205cDFyM3Q1dzd5OWEiLCJjIjoiY252XzAxamQ4eDNxMnY1azdtOXAxcjN0NXc3eTlhIn0.b4Kx1cK0pV1iQ8dZsE3nM5yH2fLr9tBa6wUe4oJg0Xd',
    },
    status: 200,
    output: {
      jobId: 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9b',
      status: 'running',
      provider: 'provider-one',
      model: 'veo-3.1-generate-preview',
      mode: 'image-to-video',
      canvasId: CANVAS,
      pollAfterSeconds: 10,
      dropped: ['modelParams.seed'],
      heldSeconds: 8,
      error: null,
    },
  },
  route: 'generate-video-status',
  http: {
    method: 'GET',
    path: '/api/generate-video',
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
