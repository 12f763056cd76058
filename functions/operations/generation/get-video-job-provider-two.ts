// operation: GET /api/fal/generate-video → pollVideoJob (one provider poll; the copy into S3 and the charge, once) → job
import { videoStatusOperation } from './video-operations.ts';

export const operation = videoStatusOperation('provider-two', {
  name: 'get_video_job_provider_two',
  title: 'Poll a video job (provider two)',
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
