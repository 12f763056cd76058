// route: GET /api/fal/generate-video → pollVideoJob (one provider poll; the copy into S3 and the charge, once) → job
import { operationRoute } from '#http/operation-route';
import { videoStatusOperation } from './video-route.ts';

export const operation = videoStatusOperation('provider-two', {
  name: 'get_video_job_provider_two',
  title: 'Poll a video job (provider two)',
  route: 'fal-generate-video-status',
});

export const handler = operationRoute(operation);
