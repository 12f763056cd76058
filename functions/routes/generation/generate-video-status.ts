// route: GET /api/generate-video → pollVideoJob (one Gemini operation read; the copy into S3 and the charge, once) → job
import { operationRoute } from '#http/operation-route';
import { videoStatusOperation } from './video-route.ts';

export const operation = videoStatusOperation('provider-one', {
  name: 'get_video_job_provider_one',
  title: 'Poll a video job (provider one)',
  route: 'generate-video-status',
});

export const handler = operationRoute(operation);
