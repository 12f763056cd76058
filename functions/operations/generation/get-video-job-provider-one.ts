// operation: GET /api/generate-video → pollVideoJob (one Gemini operation read; the copy into S3 and the charge, once) → job
import { videoStatusOperation } from './video-operations.ts';

export const operation = videoStatusOperation('provider-one', {
  name: 'get_video_job_provider_one',
  title: 'Poll a video job (provider one)',
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
