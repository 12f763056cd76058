// core: the video-generation node — a job executor over the same video job core as the routes. Submit
// records the job (its id and credit operation derived from the run, node and attempt, so a retried
// Advance finds the job it already submitted), polls come from the state machine's Wait loop (no Lambda
// sleeps), and the finished video is a durable asset on `video-out`.
import { DomainError, RateLimitedError, UpstreamError } from '../errors.ts';
import { asText, NodeFailedError, type JobExecutor, type NodeContext } from '../runs/executors.ts';
import { durableKeyOf, type Asset } from '../assets/model.ts';
import type { AssetKind } from '../assets/kinds.ts';
import { isMediaValue, mediaValueOf } from './media-value.ts';
import {
  cancelVideoJob,
  COMPLETION_WEBHOOK_FALLBACK_SECONDS,
  deadlineOf,
  MAX_INLINE_REFERENCE_BYTES,
  pollVideoJob,
  submitVideoJob,
  videoJobId,
  type StoredReference,
  type VideoJob,
  type VideoJobDeps,
} from './video-jobs.ts';
import type { VideoProviderId } from './video-provider.ts';
import type { VideoMode } from './video-mode.ts';
import { FAL_DEFAULT_ENDPOINT, falEndpoint } from './fal-models.ts';
import { publishedUsageOf } from '../published/attribution.ts';

/** Seconds before polling again after a provider hiccup (a 5xx, a 429): the job is not failed for it. */
export const TRANSIENT_RETRY_SECONDS = 15;

/**
 * How long the provider may take to fetch a stored reference video or audio: a queued job reads its
 * inputs when it starts, usually within minutes. The signing role's session bounds it in AWS anyway.
 */
export const REFERENCE_URL_SECONDS = 60 * 60;

interface VideoNodeData {
  provider?: VideoProviderId;
  assetId?: string;
  endpointId?: string;
  /** Provider one: send the images as reference images (its model decides nothing by itself). */
  mode?: VideoMode;
  prompt?: string;
  modelParams?: Record<string, unknown>;
}

export const videoOperationId = (context: NodeContext) =>
  `run:${context.run.executionId}:${context.node.id}:${context.attempt}`;

/** Deps are built on first use: a run that never reaches a video node opens no provider client. */
export function videoGenerationExecutor(deps: () => VideoJobDeps): JobExecutor {
  return {
    kind: 'job',
    async submit(context) {
      const data = context.node.data as VideoNodeData;
      const fromInput = (context.inputs['prompt-in'] ?? []).map(asText).join('\n').trim();
      const prompt = fromInput || (data.prompt ?? '').trim();
      if (!prompt)
        throw new NodeFailedError('The video-generation node has no prompt: connect prompt-in or set its prompt');
      const operationId = videoOperationId(context);
      const resolved = deps();
      try {
        const provider = data.provider ?? 'provider-two';
        const images = await imagesOf(context, resolved);
        const lastFrame = await lastFrameOf(context, resolved);
        const referenceVideos = await storedReferences(context, 'reference-video-in', 'video', resolved);
        const referenceAudios = await storedReferences(context, 'reference-audio-in', 'audio', resolved);
        // Reference-to-video takes every image as a reference; the other modes take the first as the image.
        const asReferences = images.length > 0 && referenceMode(provider, data);
        if (!asReferences && images.length > 1)
          context.warn?.(`${images.length} images reached the node: only the first is used as its image`);
        const { job } = await submitVideoJob(
          {
            provider,
            workspaceId: context.run.workspaceId,
            canvasId: context.run.canvasId,
            nodeId: context.node.id,
            executionId: context.run.executionId,
            ...publishedUsageOf(context.run.trigger),
            prompt,
            model: data.endpointId,
            ...(asReferences ? { referenceImages: images } : { image: images[0] }),
            ...(lastFrame === undefined ? {} : { lastFrame }),
            ...(referenceVideos.length === 0 ? {} : { referenceVideos }),
            ...(referenceAudios.length === 0 ? {} : { referenceAudios }),
            params: data.modelParams,
          },
          { jobId: videoJobId(resolved.clock.now(), operationId), operationId },
          resolved,
        );
        if (job.status === 'failed' || job.status === 'cancelled')
          throw new NodeFailedError(job.error ?? `The video job ${job.status}`);
        for (const dropped of job.dropped)
          context.warn?.(`${dropped} is not supported by ${job.model} and was dropped`);
        return { jobId: job.id, pollAfterSeconds: waitOf(job, resolved), ...webhookUntilOf(job) };
      } catch (error) {
        // Refusals (input, policy, credits) fail the node with their message; anything else is a fault.
        if (error instanceof DomainError && !(error instanceof NodeFailedError))
          throw new NodeFailedError(error.message);
        throw error;
      }
    },

    async poll(context, job) {
      let polled: Awaited<ReturnType<typeof pollVideoJob>>;
      try {
        polled = await pollVideoJob(context.run.workspaceId, job.id, deps());
      } catch (error) {
        if (error instanceof UpstreamError || error instanceof RateLimitedError)
          return { done: false, pollAfterSeconds: TRANSIENT_RETRY_SECONDS };
        throw error;
      }
      const { job: current, asset } = polled;
      if (current.status === 'succeeded' && asset) return { done: true, outputs: { 'video-out': mediaValueOf(asset) } };
      if (current.status === 'failed' || current.status === 'cancelled')
        throw new NodeFailedError(current.error ?? `The video job ${current.status}`);
      return { done: false, pollAfterSeconds: waitOf(current, deps()) };
    },

    async cancel(context, job) {
      await cancelVideoJob(context.run.workspaceId, job.id, deps());
    },
  };
}

/**
 * How long the run waits before polling the job: the provider's own pace, or — for a job whose provider
 * will call our completion route — the fallback, since the webhook wakes the run before it (a webhook
 * that never comes is still polled). Once the webhook was recorded, the provider's pace again.
 */
function waitOf(job: VideoJob, deps: VideoJobDeps): number {
  const pace = Math.max(job.pollAfterSeconds, 1);
  if (!job.completionWebhook || job.providerCompletedAt) return pace;
  return Math.max(pace, deps.completionFallbackSeconds ?? COMPLETION_WEBHOOK_FALLBACK_SECONDS);
}

/**
 * A job its provider will call back for can end the run's wait by webhook until its deadline (then a poll
 * fails it): the run parks a task token only for such jobs. A polled-only job (Veo, or fal submitted
 * without a webhook URL) waits with a plain Wait: no write per poll round for a token nobody sends.
 */
function webhookUntilOf(job: VideoJob): { webhookUntil?: string } {
  if (!job.completionWebhook) return {};
  return { webhookUntil: new Date(deadlineOf(job)).toISOString() };
}

/** Whether the node's images are reference images: the fal endpoint's mode, or provider one's `mode`. */
export function referenceMode(provider: VideoProviderId, data: Pick<VideoNodeData, 'mode' | 'endpointId'>): boolean {
  if (provider === 'provider-one') return data.mode === 'reference-to-video';
  return falEndpoint(data.endpointId ?? FAL_DEFAULT_ENDPOINT)?.mode === 'reference-to-video';
}

/**
 * The node's images, in order: what `image-in` carries — image assets (read back from the asset store
 * and sent inline) or public HTTPS URLs (checked by the core) — else the image asset placed on the node.
 */
async function imagesOf(context: NodeContext, deps: VideoJobDeps): Promise<string[]> {
  const inputs = (context.inputs['image-in'] ?? []).filter(
    (value) => value !== '' && value !== null && value !== undefined,
  );
  const placed = (context.node.data as VideoNodeData).assetId;
  if (inputs.length === 0)
    return placed === undefined ? [] : [await inlineAsset(placed, 'the asset placed on the node', context, deps)];
  return Promise.all(
    inputs.map((input) =>
      isMediaValue(input) ? inlineAsset(input.assetId, 'image-in', context, deps) : asText(input),
    ),
  );
}

/** What `last-frame-in` carries (an image asset or a public HTTPS URL), if it is connected. */
async function lastFrameOf(context: NodeContext, deps: VideoJobDeps): Promise<string | undefined> {
  const input = (context.inputs['last-frame-in'] ?? []).find(
    (value) => value !== '' && value !== null && value !== undefined,
  );
  if (input === undefined) return undefined;
  return isMediaValue(input) ? inlineAsset(input.assetId, 'last-frame-in', context, deps) : asText(input);
}

/**
 * Reference videos or audio: too large to send inline, so a stored asset goes as a presigned GET of our
 * bucket the provider fetches (valid REFERENCE_URL_SECONDS); a text value is a URL, checked by the core.
 */
async function storedReferences(
  context: NodeContext,
  port: string,
  kind: 'video' | 'audio',
  deps: VideoJobDeps,
): Promise<(string | StoredReference)[]> {
  const inputs = (context.inputs[port] ?? []).filter((value) => value !== '' && value !== null && value !== undefined);
  return Promise.all(
    inputs.map(async (input) => {
      if (!isMediaValue(input)) return asText(input);
      const asset = await assetOf(input.assetId, kind, port, context, deps);
      const storedUrl = await deps.assets.storage.downloadUrl(asset.storageKey, {
        fileName: asset.name,
        contentType: asset.contentType,
        expiresInSeconds: REFERENCE_URL_SECONDS,
      });
      return { storedUrl };
    }),
  );
}

/** The workspace's asset `assetId`, which must be of `kind`; otherwise the node fails naming `where`. */
async function assetOf(
  assetId: string,
  kind: AssetKind,
  where: string,
  context: NodeContext,
  deps: VideoJobDeps,
): Promise<Asset> {
  const asset = await deps.assets.assets.get(context.run.workspaceId, assetId);
  if (!asset) throw new NodeFailedError(`${where}: asset ${assetId} no longer exists`);
  if (asset.kind !== kind) throw new NodeFailedError(`${where}: asset ${asset.id} is ${asset.kind}, not ${kind}`);
  return asset;
}

async function inlineAsset(assetId: string, where: string, context: NodeContext, deps: VideoJobDeps): Promise<string> {
  const asset = await assetOf(assetId, 'image', where, context, deps);
  if (asset.size > MAX_INLINE_REFERENCE_BYTES)
    throw new NodeFailedError(
      `${where}: asset ${asset.id} is larger than ${MAX_INLINE_REFERENCE_BYTES} bytes; use a smaller image`,
    );
  const bytes = await deps.assets.storage.read(
    durableKeyOf(context.run.workspaceId, asset.id),
    MAX_INLINE_REFERENCE_BYTES,
  );
  return `data:${asset.contentType};base64,${Buffer.from(bytes).toString('base64')}`;
}
