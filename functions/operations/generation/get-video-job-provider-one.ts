// operation: GET /api/generate-video → pollVideoJob (one Gemini operation read; the copy into S3 and the charge, once)
// → job
import { videoStatusOperation, videoStatusRoute } from './video-operations.ts';
import { PROVIDER_ONE_JOB_ID, PROVIDER_ONE_STATUS_TOKEN, providerOneRunningJob } from './video-examples.ts';

export const operation = videoStatusOperation('provider-one', {
  name: 'get_video_job_provider_one',
  title: 'Poll a video job (provider one)',
  example: {
    input: {
      jobId: PROVIDER_ONE_JOB_ID,
      statusToken: PROVIDER_ONE_STATUS_TOKEN,
    },
    status: 200,
    output: providerOneRunningJob,
  },
  route: 'generate-video-status',
  http: videoStatusRoute('/api/generate-video'),
});
