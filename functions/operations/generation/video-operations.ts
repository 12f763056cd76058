// operation helper: what the video generation routes of both providers share — the request bodies, the
// submit (canvas check, idempotent job id, 202 or a replayed 200), the status operation (token checked,
// one poll), the status token key and the job view answered by submit and status alike.
import * as z from '#core/schema';
import { CanvasId } from '#core/canvas/model';
import { NotFoundError } from '#core/errors';
import { mediaValueOf } from '#core/generation/media-value';
import { issueStatusToken, statusTokenKey, verifyStatusToken } from '#core/generation/status-token';
import {
  pollVideoJob,
  submitVideoJob,
  videoJobId,
  type PolledVideoJob,
  type VideoJob,
  type VideoRequest,
} from '#core/generation/video-jobs';
import type { VideoProviderId } from '#core/generation/video-provider';
import { VEO_DEFAULT_MODEL, VEO_MODELS } from '#core/generation/veo-models';
import { canvases } from '#adapters/composition/stores';
import { ENV } from '#adapters/env';
import { videoJobDeps } from '#adapters/generation/video-deps';
import { readServiceKey } from '#adapters/composition/service-key';
import { accepted, type Outcome, replayed } from '#operations/outcome';
import { defineOperation, type Operation, type OperationContext } from '#operations/operation';
import type { OperationRouteFacts } from '#operations/route-facts';

/** The spec's shared maximum prompt length (the text node's template limit). */
export const MAX_PROMPT_LENGTH = 20_000;

let key: Buffer | undefined;
/** The status-token key, derived from the service key once per cold start. */
export async function tokenKey(): Promise<Buffer> {
  if (key) return key;
  const serviceKey = await readServiceKey();
  if (!serviceKey) throw new Error(`Neither ${ENV.serviceRootKey} nor ${ENV.serviceRootKeyArn} is set`);
  key = statusTokenKey(serviceKey);
  return key;
}

const Reference = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(6 * 1024 * 1024),
    z.describe('A public HTTPS URL, or an inline image as data:image/png|jpeg|webp|gif;base64,…'),
  );
const References = (what: string) =>
  z.optional(
    z
      .array(z.string().check(z.minLength(1), z.maxLength(2048)))
      .check(z.maxLength(20), z.describe(`${what}: public HTTPS URLs`)),
  );

/** Provider two's body (the spec's fields) plus the canvas it is bound to and the reference arrays. */
export const ProviderTwoVideoBody = z.strictObject({
  canvasId: CanvasId.check(z.describe('The canvas the job is bound to: its asset is attached there')),
  prompt: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PROMPT_LENGTH), z.describe('What to generate')),
  endpointId: z.optional(
    z
      .string()
      .check(
        z.minLength(3),
        z.maxLength(200),
        z.describe('fal endpoint id; default: the contract default (docs/generation-provider-two.md)'),
      ),
  ),
  imageUrl: z.optional(Reference),
  lastFrameUrl: z.optional(Reference),
  referenceImageUrls: References('Reference images (reference-to-video)'),
  referenceVideoUrls: References('Reference videos (reference-to-video)'),
  referenceAudioUrls: References('Reference audio (reference-to-video; needs an image or a video)'),
  aspectRatio: z.optional(
    z
      .string()
      .check(
        z.maxLength(10),
        z.describe('Applied only where the endpoint supports it; an unsupported ratio is refused'),
      ),
  ),
  modelParams: z.optional(
    z
      .record(z.string().check(z.maxLength(100)), z.unknown())
      .check(
        z.describe(
          'duration, resolution, generate_audio, negative_prompt, cfg_scale, seed and other endpoint keys; unsupported keys are dropped',
        ),
      ),
  ),
});

/** Provider one's body: Veo's primary image (first frame), additional reference images and last frame. */
export const ProviderOneVideoBody = z.strictObject({
  canvasId: CanvasId.check(z.describe('The canvas the job is bound to: its asset is attached there')),
  prompt: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PROMPT_LENGTH), z.describe('What to generate')),
  model: z.optional(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(100),
        z.describe(`Veo model: ${VEO_MODELS.map((model) => model.id).join(', ')}; default ${VEO_DEFAULT_MODEL}`),
      ),
  ),
  imageUrl: z.optional(
    Reference.check(
      z.describe('The primary image (image-to-video: the first frame). A public HTTPS URL or data:image/…;base64,…'),
    ),
  ),
  lastFrameUrl: z.optional(
    Reference.check(z.describe('The last frame (with imageUrl: Veo interpolates between them)')),
  ),
  referenceImageUrls: z.optional(
    z
      .array(Reference)
      .check(
        z.maxLength(3),
        z.describe('Additional reference images (reference-to-video, up to 3; not with imageUrl or lastFrameUrl)'),
      ),
  ),
  aspectRatio: z.optional(
    z.string().check(z.maxLength(10), z.describe('16:9 (default) or 9:16; reference images only at 16:9')),
  ),
  modelParams: z.optional(
    z
      .record(z.string().check(z.maxLength(100)), z.unknown())
      .check(
        z.describe(
          'duration (4, 6, 8), resolution (720p, 1080p, 4k — above 720p only at 8 s), negative_prompt, person_generation; unsupported keys are dropped',
        ),
      ),
  ),
});

export const VideoStatusQuery = z.object({
  jobId: z
    .string()
    .check(z.regex(/^vjb_[0-9a-z]{26}$/, 'must be a job id (vjb_…)'), z.describe('The job the submit answered')),
  statusToken: z.string().check(z.minLength(10), z.maxLength(1000), z.describe('The statusToken the submit answered')),
});

const text = (description: string) => z.string().check(z.describe(description));

export const VideoJobView = z.looseObject({
  jobId: text('The job (vjb_…)'),
  status: z
    .enum(['submitting', 'running', 'copying', 'succeeded', 'failed', 'cancelled'])
    .check(z.describe('Where the job is; succeeded carries the asset')),
  provider: text('provider-one or provider-two'),
  model: text('The model or endpoint used'),
  mode: text('text-to-video, image-to-video or reference-to-video'),
  canvasId: text('The canvas the job is bound to'),
  pollAfterSeconds: z.number().check(z.describe('Wait this long before polling again (0 once finished)')),
  dropped: z.array(z.string()).check(z.describe('Parameters dropped because the endpoint does not take them')),
  heldSeconds: z.number().check(z.describe('Seconds of video the credit hold covers')),
  error: z.nullable(z.string()).check(z.describe('Why it failed, once failed')),
  asset: z.optional(
    z
      .looseObject({
        assetId: text('The durable asset'),
        kind: text('video'),
        contentType: text('video/mp4'),
        size: z.number(),
        name: text('Its name'),
      })
      .check(z.describe('The durable video, once succeeded')),
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
  const token = issueStatusToken(
    { workspaceId: job.workspaceId, canvasId: job.canvasId, jobId: job.id },
    await tokenKey(),
    now,
  );
  return { ...jobView({ job }), statusToken: token.token, statusTokenExpiresAt: token.expiresAt };
}

export const SubmittedVideoView = z.looseObject({
  ...VideoJobView.shape,
  statusToken: z.string().check(z.describe('Present it with jobId to the status call')),
  statusTokenExpiresAt: z.string().check(z.describe('When the statusToken stops working (ISO 8601)')),
});

/** A submit from a route: the canvas must exist; an Idempotency-Key makes a retry the same job (200, replayed). */
export async function submitFromRoute(
  request: Omit<VideoRequest, 'workspaceId'>,
  { principal, header }: OperationContext,
): Promise<Outcome> {
  if (!(await canvases.get(principal.workspaceId, request.canvasId)))
    throw new NotFoundError(`Canvas ${request.canvasId} not found`);
  const deps = videoJobDeps();
  const now = deps.clock.now();
  const key = header('idempotency-key');
  const jobId = videoJobId(now, key === undefined ? undefined : `${principal.workspaceId}:${request.provider}:${key}`);
  const { job, replayed: wasReplayed } = await submitVideoJob(
    { ...request, workspaceId: principal.workspaceId },
    { jobId, operationId: `video:${jobId}` },
    deps,
  );
  const view = await submittedView(job, now);
  return wasReplayed ? replayed(view) : accepted(view);
}

/**
 * The submit route of a provider (its own timeout): reads stored credentials, holds credits by the price list,
 * calls the provider and derives the status-token key; a body may carry inline images (6 MiB).
 */
export function videoSubmitRoute(path: string, timeoutSeconds: number): OperationRouteFacts {
  return {
    method: 'POST',
    path,
    scope: ['write:assets', 'write:canvas'],
    access: { table: 'readWrite', credentials: ['open'], prices: true, generation: true, webhookKey: true },
    timeoutSeconds,
    maxBodyBytes: 6291456,
    area: 'generation',
    replayHeader: 'idempotency-replayed',
  };
}

/** The status route of a provider: one poll, which may copy the finished video into S3 and charge it. */
export function videoStatusRoute(path: string): OperationRouteFacts {
  return {
    method: 'GET',
    path,
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
  };
}

/** The status half of a provider's video route: the token names one job of this provider, polled once. */
export function videoStatusOperation(
  provider: VideoProviderId,
  meta: Pick<Operation, 'name' | 'title' | 'route' | 'http' | 'example'>,
) {
  return defineOperation({
    ...meta,
    description: `Polls a ${provider} video job with the jobId and statusToken its submit answered: re-checks the workspace policy, asks the provider once, and when the video is ready copies it into durable storage (once) and answers it as an asset. Wait pollAfterSeconds between polls.`,
    input: VideoStatusQuery,
    output: VideoJobView,
    // Safe in HTTP's sense: the poll changes nothing the caller asks for. The copy into S3 and the charge
    // it may do (each exactly once) finish what the submit began and held credits for; polling again, or
    // never, changes neither the job's outcome nor its price.
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    async run(query, { principal }) {
      const deps = videoJobDeps();
      const claims = verifyStatusToken(query.statusToken, await tokenKey(), principal.workspaceId, deps.clock.now());
      // The token names one job: it does not open another, nor another provider's.
      if (claims.jobId !== query.jobId) throw new NotFoundError(`Video job ${query.jobId} not found`);
      const known = await deps.jobs.get(principal.workspaceId, query.jobId);
      if (!known || known.provider !== provider || known.canvasId !== claims.canvasId)
        throw new NotFoundError(`Video job ${query.jobId} not found`);
      return jobView(await pollVideoJob(principal.workspaceId, query.jobId, deps));
    },
  });
}
