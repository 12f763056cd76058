// route: GET /api/fal/generate-video → pollVideoJob (one provider poll; the copy into S3 and the charge, once) → job
import { NotFoundError } from '#core/errors';
import { verifyStatusToken } from '#core/generation/status-token';
import { pollVideoJob } from '#core/generation/video-jobs';
import { videoJobDeps } from '#adapters/generation/video-deps';
import { operationRoute } from '#http/operation-route';
import { defineOperation } from '#operations/operation';
import { VideoJobView, VideoStatusQuery, jobView, tokenKey } from './video-route.ts';

export const operation = defineOperation({
  name: 'get_video_job_provider_two',
  title: 'Poll a video job (provider two)',
  description:
    'Polls a provider-two video job with the jobId and statusToken its submit answered: re-checks the workspace policy, asks the provider once, and when the video is ready copies it into durable storage (once) and answers it as an asset. Wait pollAfterSeconds between polls.',
  route: 'fal-generate-video-status',
  input: VideoStatusQuery,
  output: VideoJobView,
  // Safe in HTTP's sense: the poll changes nothing the caller asks for. The copy into S3 and the charge
  // it may do (each exactly once) finish what the submit began and held credits for; polling again, or
  // never, changes neither the job's outcome nor its price.
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(query, { principal }) {
    const deps = videoJobDeps();
    const claims = verifyStatusToken(query.statusToken, await tokenKey(), principal.workspaceId, deps.clock.now());
    // The token names one job: it does not open another.
    if (claims.jobId !== query.jobId) throw new NotFoundError(`Video job ${query.jobId} not found`);
    const polled = await pollVideoJob(principal.workspaceId, query.jobId, deps);
    if (polled.job.canvasId !== claims.canvasId) throw new NotFoundError(`Video job ${query.jobId} not found`);
    return jobView(polled);
  },
});

export const handler = operationRoute(operation);
