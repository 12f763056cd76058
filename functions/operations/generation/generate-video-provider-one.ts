// operation: POST /api/generate-video → submitVideoJob (provider one: Veo 3.1 on the Gemini API) → job + signed status
// token
import { CREATES, defineOperation } from '#operations/operation';
import { ProviderOneVideoBody, SubmittedVideoView, submitFromRoute, videoSubmitRoute } from './video-operations.ts';
import { PROVIDER_ONE_STATUS_TOKEN, providerOneRunningJob, submittedJob } from './video-examples.ts';
import { CANVAS, INLINE_IMAGE } from '#operations/example-values';

export const operation = defineOperation({
  name: 'generate_video_provider_one',
  title: 'Generate a video (provider one)',
  description:
    'Submits a video job to provider one (Google Veo 3.1 on the Gemini API) bound to a canvas: text only, a primary image as the first frame (optionally with a last frame), or up to 3 reference images. Credits for the requested duration (4, 6 or 8 s) are held now and charged once it finishes. Answers a jobId, a signed statusToken and pollAfterSeconds: poll get_video_job_provider_one with them until status is succeeded (the video is then a durable asset on the canvas) or failed (the credits are released). An Idempotency-Key header makes a retry return the same job.',
  example: {
    input: {
      canvasId: CANVAS,
      prompt: 'A lighthouse at dusk, waves rolling in, slow dolly forward',
      model: 'veo-3.1-generate-preview',
      imageUrl: INLINE_IMAGE,
      lastFrameUrl: INLINE_IMAGE,
      modelParams: { duration: 8, resolution: '1080p', negative_prompt: 'text overlays', seed: 7 },
    },
    status: 202,
    output: submittedJob(providerOneRunningJob, PROVIDER_ONE_STATUS_TOKEN),
  },
  route: 'generate-video',
  http: videoSubmitRoute('/api/generate-video', 60),
  input: ProviderOneVideoBody,
  output: SubmittedVideoView,
  audit: 'generation.start',
  annotations: { ...CREATES, openWorldHint: true },
  run: (input, context) =>
    submitFromRoute(
      {
        provider: 'provider-one',
        canvasId: input.canvasId,
        prompt: input.prompt,
        model: input.model,
        image: input.imageUrl,
        lastFrame: input.lastFrameUrl,
        referenceImages: input.referenceImageUrls,
        aspectRatio: input.aspectRatio,
        params: input.modelParams,
      },
      context,
    ),
});
