// core: the video-generation node — a job executor over the same video job core as the routes. Submit
// records the job (its id and credit operation derived from the run, node and attempt, so a retried
// Advance finds the job it already submitted), polls come from the state machine's Wait loop (no Lambda
// sleeps), and the finished video is a durable asset on `video-out`.
import { DomainError, RateLimitedError, UpstreamError } from '../errors.ts';
import { asText, NodeFailedError, type JobExecutor, type NodeContext } from '../runs/executors.ts';
import { durableKeyOf } from '../assets/model.ts';
import { isMediaValue, mediaValueOf } from './media-value.ts';
import { cancelVideoJob, MAX_INLINE_REFERENCE_BYTES, pollVideoJob, submitVideoJob, videoJobId, type VideoJobDeps } from './video-jobs.ts';
import type { VideoProviderId } from './video-provider.ts';

/** Seconds before polling again after a provider hiccup (a 5xx, a 429): the job is not failed for it. */
export const TRANSIENT_RETRY_SECONDS = 15;

interface VideoNodeData {
  provider?: VideoProviderId;
  assetId?: string;
  endpointId?: string;
  prompt?: string;
  modelParams?: Record<string, unknown>;
}

export const videoOperationId = (context: NodeContext) => `run:${context.run.executionId}:${context.node.id}:${context.attempt}`;

/** Deps are built on first use: a run that never reaches a video node opens no provider client. */
export function videoGenerationExecutor(deps: () => VideoJobDeps): JobExecutor {
  return {
    kind: 'job',
    async submit(context) {
      const data = context.node.data as VideoNodeData;
      const fromInput = (context.inputs['prompt-in'] ?? []).map(asText).join('\n').trim();
      const prompt = fromInput || (data.prompt ?? '').trim();
      if (!prompt) throw new NodeFailedError('The video-generation node has no prompt: connect prompt-in or set its prompt');
      const operationId = videoOperationId(context);
      const resolved = deps();
      try {
        const image = await imageOf(context, resolved);
        const { job } = await submitVideoJob(
          {
            provider: data.provider ?? 'provider-two',
            workspaceId: context.run.workspaceId,
            canvasId: context.run.canvasId,
            nodeId: context.node.id,
            prompt,
            model: data.endpointId,
            image,
            params: data.modelParams,
          },
          { jobId: videoJobId(resolved.clock.now(), operationId), operationId },
          resolved,
        );
        if (job.status === 'failed' || job.status === 'cancelled') throw new NodeFailedError(job.error ?? `The video job ${job.status}`);
        for (const dropped of job.dropped) context.warn?.(`${dropped} is not supported by ${job.model} and was dropped`);
        return { jobId: job.id, pollAfterSeconds: Math.max(job.pollAfterSeconds, 1) };
      } catch (error) {
        // Refusals (input, policy, credits) fail the node with their message; anything else is a fault.
        if (error instanceof DomainError && !(error instanceof NodeFailedError)) throw new NodeFailedError(error.message);
        throw error;
      }
    },

    async poll(context, job) {
      let polled;
      try {
        polled = await pollVideoJob(context.run.workspaceId, job.id, deps());
      } catch (error) {
        if (error instanceof UpstreamError || error instanceof RateLimitedError) return { done: false, pollAfterSeconds: TRANSIENT_RETRY_SECONDS };
        throw error;
      }
      const { job: current, asset } = polled;
      if (current.status === 'succeeded' && asset) return { done: true, outputs: { 'video-out': mediaValueOf(asset) } };
      if (current.status === 'failed' || current.status === 'cancelled') throw new NodeFailedError(current.error ?? `The video job ${current.status}`);
      return { done: false, pollAfterSeconds: Math.max(current.pollAfterSeconds, 1) };
    },

    async cancel(context, job) {
      await cancelVideoJob(context.run.workspaceId, job.id, deps());
    },
  };
}

/**
 * The reference image: what `image-in` carries — an image asset (read back from the asset store and sent
 * inline) or a public HTTPS URL (checked by the core) — else the image asset placed on the node itself.
 */
async function imageOf(context: NodeContext, deps: VideoJobDeps): Promise<string | undefined> {
  const input = (context.inputs['image-in'] ?? []).find((value) => value !== '' && value !== null && value !== undefined);
  if (input !== undefined && !isMediaValue(input)) return asText(input);
  const assetId = input?.assetId ?? (context.node.data as VideoNodeData).assetId;
  if (assetId === undefined) return undefined;
  const where = input ? 'image-in' : 'the asset placed on the node';
  const asset = await deps.assets.assets.get(context.run.workspaceId, assetId);
  if (!asset) throw new NodeFailedError(`${where}: asset ${assetId} no longer exists`);
  if (asset.kind !== 'image') throw new NodeFailedError(`${where}: asset ${assetId} is ${asset.kind}, not an image`);
  if (asset.size > MAX_INLINE_REFERENCE_BYTES) throw new NodeFailedError(`${where}: asset ${asset.id} is larger than ${MAX_INLINE_REFERENCE_BYTES} bytes; use a smaller image`);
  const bytes = await deps.assets.storage.read(durableKeyOf(context.run.workspaceId, asset.id), MAX_INLINE_REFERENCE_BYTES);
  return `data:${asset.contentType};base64,${Buffer.from(bytes).toString('base64')}`;
}
