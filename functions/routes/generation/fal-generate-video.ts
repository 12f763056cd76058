// route: POST /api/fal/generate-video → submitVideoJob (provider two: fal's queue) → job + signed status token
import { NotFoundError } from '#core/errors';
import { submitVideoJob, videoJobId } from '#core/generation/video-jobs';
import { canvases } from '#adapters/dynamodb/repositories';
import { videoJobDeps } from '#adapters/generation/video-deps';
import { operationRoute } from '#http/operation-route';
import { HttpResult } from '#http/responses';
import * as z from '#core/schema';
import { CREATES, defineOperation } from '#operations/operation';
import { ProviderTwoVideoBody, VideoJobView, submittedView } from './video-route.ts';

export const operation = defineOperation({
  name: 'generate_video_provider_two',
  title: 'Generate a video (provider two)',
  description:
    "Submits a video job to provider two (fal's queue: Kling 3, Seedance 2.0, Veo 3.1 on fal, Wan 2.7 and other fal endpoints) bound to a canvas; credits for the requested duration are held now and charged once it finishes. Answers a jobId, a signed statusToken and pollAfterSeconds: poll get_video_job_provider_two with them until status is succeeded (the video is then a durable asset on the canvas) or failed (the credits are released). An Idempotency-Key header makes a retry return the same job.",
  route: 'fal-generate-video',
  input: ProviderTwoVideoBody,
  output: z.looseObject({ ...VideoJobView.shape, statusToken: z.string().check(z.describe('Present it with jobId to the status call')), statusTokenExpiresAt: z.string().check(z.describe('When the statusToken stops working (ISO 8601)')) }),
  annotations: { ...CREATES, openWorldHint: true },
  async run(input, { principal, header }) {
    if (!(await canvases.get(principal.workspaceId, input.canvasId))) throw new NotFoundError(`Canvas ${input.canvasId} not found`);
    const deps = videoJobDeps();
    const now = deps.clock.now();
    const key = header('idempotency-key');
    const jobId = videoJobId(now, key === undefined ? undefined : `${principal.workspaceId}:provider-two:${key}`);
    const { job, replayed } = await submitVideoJob(
      {
        provider: 'provider-two',
        workspaceId: principal.workspaceId,
        canvasId: input.canvasId,
        prompt: input.prompt,
        model: input.endpointId,
        image: input.imageUrl,
        lastFrame: input.lastFrameUrl,
        referenceImages: input.referenceImageUrls,
        referenceVideos: input.referenceVideoUrls,
        referenceAudios: input.referenceAudioUrls,
        aspectRatio: input.aspectRatio,
        params: input.modelParams,
      },
      { jobId, operationId: `video:${jobId}` },
      deps,
    );
    return new HttpResult(replayed ? 200 : 202, await submittedView(job, now), replayed ? { 'idempotency-replayed': 'true' } : {});
  },
});

export const handler = operationRoute(operation);
