// operation: POST /api/fal/generate-video → submitVideoJob (provider two: fal's queue) → job + signed status token
import { CREATES, defineOperation } from '#operations/operation';
import { ProviderTwoVideoBody, SubmittedVideoView, submitFromRoute, videoSubmitRoute } from './video-operations.ts';
import { PROVIDER_TWO_JOB_ID, PROVIDER_TWO_STATUS_TOKEN } from './video-examples.ts';
import { CANVAS, INLINE_IMAGE } from '#operations/example-values';

export const operation = defineOperation({
  name: 'generate_video_provider_two',
  title: 'Generate a video (provider two)',
  description:
    "Submits a video job to provider two (fal's queue: Kling 3, Seedance 2.0, Veo 3.1 on fal, Wan 2.7 and other fal endpoints) bound to a canvas; credits for the requested duration are held now and charged once it finishes. Answers a jobId, a signed statusToken and pollAfterSeconds: poll get_video_job_provider_two with them until status is succeeded (the video is then a durable asset on the canvas) or failed (the credits are released). An Idempotency-Key header makes a retry return the same job.",
  example: {
    input: {
      canvasId: CANVAS,
      prompt: 'A lighthouse at dusk, waves rolling in, slow dolly forward',
      endpointId: 'fal-ai/kling-video/v3/pro/image-to-video',
      imageUrl: INLINE_IMAGE,
      modelParams: { duration: 5, generate_audio: false, seed: 7 },
    },
    status: 202,
    output: {
      jobId: PROVIDER_TWO_JOB_ID,
      status: 'running',
      provider: 'provider-two',
      model: 'fal-ai/kling-video/v3/pro/image-to-video',
      mode: 'image-to-video',
      canvasId: CANVAS,
      pollAfterSeconds: 5,
      dropped: ['modelParams.seed'],
      heldSeconds: 5,
      error: null,
      statusToken: PROVIDER_TWO_STATUS_TOKEN,
      statusTokenExpiresAt: '2026-11-25T09:30:00.000Z',
    },
  },
  route: 'fal-generate-video',
  http: videoSubmitRoute('/api/fal/generate-video', 30),
  input: ProviderTwoVideoBody,
  output: SubmittedVideoView,
  audit: 'generation.start',
  annotations: { ...CREATES, openWorldHint: true },
  run: (input, context) =>
    submitFromRoute(
      {
        provider: 'provider-two',
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
      context,
    ),
});
