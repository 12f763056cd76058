// route helpers: what the video generation routes share — the request body, the views, the status
// token key and the job view answered by submit and status alike.
import * as z from '#core/schema';
import { CanvasId } from '#core/canvas/model';
import { mediaValueOf } from '#core/generation/media-value';
import { issueStatusToken, statusTokenKey } from '#core/generation/status-token';
import type { PolledVideoJob, VideoJob } from '#core/generation/video-jobs';
import { ENV } from '#adapters/env';
import { secretSource } from '#adapters/secrets/secret-source';

/** The spec's shared maximum prompt length (the text node's template limit). */
export const MAX_PROMPT_LENGTH = 20_000;

const readServiceKey = secretSource(ENV.webhookSecretKey, ENV.webhookSecretKeyArn);
let key: Buffer | undefined;
/** The status-token key, derived from the service key once per cold start. */
export async function tokenKey(): Promise<Buffer> {
  if (key) return key;
  const serviceKey = await readServiceKey();
  if (!serviceKey) throw new Error(`Neither ${ENV.webhookSecretKey} nor ${ENV.webhookSecretKeyArn} is set`);
  return (key = statusTokenKey(serviceKey));
}

const Reference = z.string().check(z.minLength(1), z.maxLength(6 * 1024 * 1024), z.describe('A public HTTPS URL, or an inline image as data:image/png|jpeg|webp|gif;base64,…'));
const References = (what: string) => z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(2048))).check(z.maxLength(20), z.describe(`${what}: public HTTPS URLs`)));

/** Provider two's body (the spec's fields) plus the canvas it is bound to and the reference arrays. */
export const ProviderTwoVideoBody = z.strictObject({
  canvasId: CanvasId.check(z.describe('The canvas the job is bound to: its asset is attached there')),
  prompt: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PROMPT_LENGTH), z.describe('What to generate')),
  endpointId: z.optional(z.string().check(z.minLength(3), z.maxLength(200), z.describe('fal endpoint id; default: the contract default (docs/generation-provider-two.md)'))),
  imageUrl: z.optional(Reference),
  lastFrameUrl: z.optional(Reference),
  referenceImageUrls: References('Reference images (reference-to-video)'),
  referenceVideoUrls: References('Reference videos (reference-to-video)'),
  referenceAudioUrls: References('Reference audio (reference-to-video; needs an image or a video)'),
  aspectRatio: z.optional(z.string().check(z.maxLength(10), z.describe('Applied only where the endpoint supports it; an unsupported ratio is refused'))),
  modelParams: z.optional(z.record(z.string().check(z.maxLength(100)), z.unknown()).check(z.describe('duration, resolution, generate_audio, negative_prompt, cfg_scale, seed and other endpoint keys; unsupported keys are dropped'))),
});

export const VideoStatusQuery = z.object({
  jobId: z.string().check(z.regex(/^vjb_[0-9a-z]{26}$/, 'must be a job id (vjb_…)'), z.describe('The job the submit answered')),
  statusToken: z.string().check(z.minLength(10), z.maxLength(1000), z.describe('The statusToken the submit answered')),
});

const text = (description: string) => z.string().check(z.describe(description));

export const VideoJobView = z.looseObject({
  jobId: text('The job (vjb_…)'),
  status: z.enum(['submitting', 'running', 'copying', 'succeeded', 'failed', 'cancelled']).check(z.describe('Where the job is; succeeded carries the asset')),
  provider: text('provider-one or provider-two'),
  model: text('The model or endpoint used'),
  mode: text('text-to-video, image-to-video or reference-to-video'),
  canvasId: text('The canvas the job is bound to'),
  pollAfterSeconds: z.number().check(z.describe('Wait this long before polling again (0 once finished)')),
  dropped: z.array(z.string()).check(z.describe('Parameters dropped because the endpoint does not take them')),
  heldSeconds: z.number().check(z.describe('Seconds of video the credit hold covers')),
  error: z.nullable(z.string()).check(z.describe('Why it failed, once failed')),
  asset: z.optional(
    z.looseObject({ assetId: text('The durable asset'), kind: text('video'), contentType: text('video/mp4'), size: z.number(), name: text('Its name') }).check(z.describe('The durable video, once succeeded')),
  ),
});

export function jobView(polled: PolledVideoJob | { job: VideoJob }) {
  const { job } = polled;
  const asset = 'asset' in polled && polled.asset ? mediaValueOf(polled.asset) : undefined;
  return {
    jobId: job.id,
    status: job.status,
    provider: job.provider,
    model: job.model,
    mode: job.mode,
    canvasId: job.canvasId,
    pollAfterSeconds: job.pollAfterSeconds,
    dropped: job.dropped,
    heldSeconds: job.requestedSeconds,
    error: job.error,
    ...(asset ? { asset } : {}),
  };
}

export async function submittedView(job: VideoJob, now: Date) {
  const token = issueStatusToken({ workspaceId: job.workspaceId, canvasId: job.canvasId, jobId: job.id }, await tokenKey(), now);
  return { ...jobView({ job }), statusToken: token.token, statusTokenExpiresAt: token.expiresAt };
}
