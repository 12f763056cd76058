// core: the audio-generation (text → speech) and speech-to-speech nodes — job executors over the same
// speech core as POST /api/generate-audio. Submit performs the one provider operation under the run's
// operation id (`run:<executionId>:<nodeId>:<attempt>`: a retried Advance finds it done) and the next
// poll hands its asset to `audio-out`. They are jobs, not instant nodes, so a run with them is carried
// by the state machine (and its crash safety), never run inline in a request.
import { ConflictError, DomainError, NotFoundError, RateLimitedError, UpstreamError } from '../errors.ts';
import { durableKeyOf } from '../assets/model.ts';
import { asText, NodeFailedError, type JobExecutor, type NodeContext } from '../runs/executors.ts';
import { isMediaValue, mediaValueOf } from './media-value.ts';
import { generateSpeech, speechOutcome, type SpeechDeps } from './speech.ts';
import { SPEECH_LIMITS } from './speech-request.ts';
import type { GeneratedAssetStorage } from '../assets/ports.ts';
import { publishedUsageOf } from '../published/attribution.ts';

/** Seconds before asking again when the operation is still running elsewhere or the provider is busy. */
const RETRY_SECONDS = 5;

interface SpeechNodeData {
  text?: string;
  voice?: string;
  model?: string;
  removeBackgroundNoise?: boolean;
}

const operationIdOf = (context: NodeContext) => `run:${context.run.executionId}:${context.node.id}:${context.attempt}`;

function speechNode(
  mode: 'tts' | 'sts',
  deps: () => SpeechDeps & { assets: { storage: GeneratedAssetStorage } },
): JobExecutor {
  return {
    kind: 'job',
    async submit(context) {
      const data = context.node.data as SpeechNodeData;
      const operationId = operationIdOf(context);
      const resolved = deps();
      try {
        let source: { bytes: Uint8Array; contentType: string } | undefined;
        let audioUrl: string | undefined;
        let text: string | undefined;
        if (mode === 'tts') {
          text = (context.inputs['text-in'] ?? []).map(asText).join('\n').trim() || (data.text ?? '').trim();
          if (!text)
            throw new NodeFailedError('The audio-generation node has no text: connect text-in or set its text');
        } else {
          const input = (context.inputs['audio-in'] ?? [])[0];
          if (isMediaValue(input)) {
            const asset = await resolved.assets.assets.get(context.run.workspaceId, input.assetId);
            if (!asset) throw new NodeFailedError(`audio-in: asset ${input.assetId} no longer exists`);
            source = {
              bytes: await resolved.assets.storage.read(
                durableKeyOf(context.run.workspaceId, asset.id),
                SPEECH_LIMITS.maxSourceBytes,
              ),
              contentType: asset.contentType,
            };
          } else if (typeof input === 'string' && input.startsWith('https://')) {
            audioUrl = input;
          } else {
            throw new NodeFailedError(
              'audio-in needs an audio asset (from an upload or another audio node) or a public HTTPS URL',
            );
          }
        }
        const outcome = await generateSpeech(
          {
            workspaceId: context.run.workspaceId,
            canvasId: context.run.canvasId,
            nodeId: context.node.id,
            executionId: context.run.executionId,
            ...publishedUsageOf(context.run.trigger),
            body: {
              mode,
              ...(text === undefined ? {} : { text }),
              ...(audioUrl === undefined ? {} : { audioUrl }),
              ...(data.voice ? { voice: data.voice } : {}),
              ...(data.model ? { model: data.model } : {}),
              ...(mode === 'sts' ? { removeBackgroundNoise: data.removeBackgroundNoise ?? false } : {}),
            },
            ...(source ? { source } : {}),
          },
          operationId,
          resolved,
        );
        if (outcome.operation.status === 'failed')
          throw new NodeFailedError(outcome.operation.error ?? 'The audio generation failed');
        for (const adjusted of outcome.operation.adjusted) context.warn?.(adjusted);
        return { jobId: operationId, pollAfterSeconds: 0 };
      } catch (error) {
        // Still running in another process (a retried step): poll it.
        if (error instanceof ConflictError) return { jobId: operationId, pollAfterSeconds: RETRY_SECONDS };
        if (error instanceof DomainError && !(error instanceof NodeFailedError))
          throw new NodeFailedError(error.message);
        throw error;
      }
    },

    async poll(context, job) {
      let outcome: Awaited<ReturnType<typeof speechOutcome>>;
      try {
        outcome = await speechOutcome(context.run.workspaceId, job.id, deps());
      } catch (error) {
        // Still running in another process, or a hiccup: ask again shortly.
        if (error instanceof ConflictError || error instanceof UpstreamError || error instanceof RateLimitedError)
          return { done: false, pollAfterSeconds: RETRY_SECONDS };
        if (error instanceof NotFoundError) throw new NodeFailedError(error.message);
        throw error;
      }
      if (outcome.operation.status === 'failed' || !outcome.asset)
        throw new NodeFailedError(outcome.operation.error ?? 'The audio generation failed');
      return { done: true, outputs: { 'audio-out': mediaValueOf(outcome.asset) } };
    },
  };
}

export function speechExecutors(deps: () => SpeechDeps & { assets: { storage: GeneratedAssetStorage } }) {
  return { 'audio-generation': speechNode('tts', deps), 'speech-to-speech': speechNode('sts', deps) };
}
