// core: a provider-one submit prepared from the model contract (veo-models.ts) — pure, no I/O. Veo takes
// a primary image (the first frame), additional reference images and a last frame as separate inputs,
// and not every mix: the rules, in order —
//   model:      the given one, else the default; an id outside the contract → 400 naming the known ones
//   references: reference images (reference-to-video) exclude a first or last frame (Veo refuses the
//               mix); a last frame needs a first frame; reference videos and audio are not Veo inputs;
//               each checked against the model's capabilities and limits → 400
//   parameters: duration (4, 6, 8 s), resolution (1080p and 4k only at 8 s), aspect ratio (16:9, 9:16;
//               reference images only at 16:9 and 8 s); negative_prompt and person_generation passed in
//               Gemini's wire names; reserved keys stripped; anything else dropped and reported
// The payload is the Gemini API's predictLongRunning body, except that a URL reference stays `{ url }`:
// the adapter fetches it (under the outbound rules) when it submits, since Gemini takes inline bytes only.
import { ValidationError } from '../errors.ts';
import type { VideoMode } from './video-mode.ts';
import type { MediaReference, PreparedVideoJob, VideoSubmitInput } from './video-provider.ts';
import {
  VEO_DEFAULT_ASPECT_RATIO,
  VEO_DEFAULT_MODEL,
  VEO_DEFAULT_RESOLUTION,
  VEO_DEFAULT_SECONDS,
  VEO_MODELS,
  VEO_PARAM_ALIASES,
  VEO_PARAMS,
  veoModel,
  type VeoModel,
  type VeoParamRule,
} from './veo-models.ts';

/** Keys a caller may not set through modelParams: the service sets them from the request's own fields. */
export const VEO_RESERVED_PARAM_KEYS = new Set([
  'prompt',
  'image',
  'lastFrame',
  'last_frame',
  'referenceImages',
  'reference_images',
  'aspectRatio',
  'aspect_ratio',
  'sampleCount',
  'numberOfVideos',
  'number_of_videos',
  'model',
]);

/** A reference as it waits in the payload: inline bytes in Gemini's form, or a URL the adapter fetches. */
export type VeoImage = { bytesBase64Encoded: string; mimeType: string } | { url: string };

export interface VeoPayload {
  instances: [
    {
      prompt: string;
      image?: VeoImage;
      lastFrame?: VeoImage;
      referenceImages?: { image: VeoImage; referenceType: 'ASSET' }[];
    },
  ];
  parameters: Record<string, unknown> & {
    sampleCount: 1;
    durationSeconds: number;
    aspectRatio: string;
    resolution: string;
  };
}

export function prepareVeoJob(input: VideoSubmitInput): PreparedVideoJob {
  const modelId = input.model ?? VEO_DEFAULT_MODEL;
  const model = veoModel(modelId);
  if (!model)
    throw new ValidationError(
      `model ${JSON.stringify(modelId)} is not a provider-one model ` +
        `(${VEO_MODELS.map((known) => known.id).join(', ')})`,
    );
  const where = `model ${model.id}`;

  if (input.referenceVideos?.length)
    throw new ValidationError(`referenceVideoUrls: provider one (${where}) takes no reference videos`);
  if (input.referenceAudios?.length)
    throw new ValidationError(`referenceAudioUrls: provider one (${where}) takes no reference audio`);
  const references = input.referenceImages ?? [];
  const mode: VideoMode =
    references.length > 0 ? 'reference-to-video' : input.image ? 'image-to-video' : 'text-to-video';
  if (!model.modes.includes(mode)) {
    throw new ValidationError(
      mode === 'reference-to-video'
        ? `referenceImageUrls: ${where} takes no reference images (${modelsWith((known) => known.maxReferenceImages > 0)} do)`
        : `${where} does not do ${mode}`,
    );
  }
  if (references.length > model.maxReferenceImages)
    throw new ValidationError(
      `referenceImageUrls: ${where} takes at most ${model.maxReferenceImages} (got ${references.length})`,
    );
  if (references.length > 0 && (input.image || input.lastFrame)) {
    throw new ValidationError(
      `${input.image ? 'imageUrl' : 'lastFrameUrl'}: ${where} takes reference images or a first and last frame, not both in one request`,
    );
  }
  if (input.lastFrame && !input.image)
    throw new ValidationError(`lastFrameUrl needs imageUrl: ${where} interpolates from a first frame to the last`);
  if (input.lastFrame && !model.lastFrame)
    throw new ValidationError(
      `lastFrameUrl: ${where} takes no last frame (${modelsWith((known) => known.lastFrame)} do)`,
    );

  const dropped: string[] = [];
  let seconds: number | undefined;
  let resolution: string | undefined;
  const extra: Record<string, unknown> = {};
  for (const [given, value] of Object.entries(input.params ?? {})) {
    if (VEO_RESERVED_PARAM_KEYS.has(given) || given.startsWith('__')) continue;
    const key = VEO_PARAM_ALIASES[given] ?? given;
    if (key === 'duration') seconds = secondsOf(value, model, where);
    else if (key === 'resolution') resolution = oneOf(key, value, model.resolutions, where);
    else if (VEO_PARAMS[key]) extra[VEO_PARAMS[key].wire] = checked(key, value, VEO_PARAMS[key].rule, where);
    else dropped.push(`modelParams.${given}`);
  }

  const aspectRatio = input.aspectRatio ?? VEO_DEFAULT_ASPECT_RATIO;
  if (!model.aspectRatios.includes(aspectRatio))
    throw new ValidationError(
      `aspectRatio ${aspectRatio} is not one ${where} supports (${model.aspectRatios.join(', ')})`,
    );
  if (mode === 'reference-to-video') {
    const rules = model.referenceRules;
    if (aspectRatio !== rules.aspectRatio)
      throw new ValidationError(`aspectRatio: ${where} takes reference images only at ${rules.aspectRatio}`);
    if (seconds !== undefined && seconds !== rules.seconds)
      throw new ValidationError(
        `modelParams.duration: ${where} takes reference images only at ${rules.seconds} seconds`,
      );
    seconds = rules.seconds;
  }
  seconds ??= VEO_DEFAULT_SECONDS;
  resolution ??= VEO_DEFAULT_RESOLUTION;
  if (resolution !== VEO_DEFAULT_RESOLUTION && seconds !== model.highResolutionSeconds) {
    throw new ValidationError(
      `modelParams.resolution: ${where} makes ${resolution} only at ${model.highResolutionSeconds} seconds (asked for ${seconds})`,
    );
  }

  const payload: VeoPayload = {
    instances: [
      {
        prompt: input.prompt,
        ...(input.image ? { image: veoImage(input.image) } : {}),
        ...(input.lastFrame ? { lastFrame: veoImage(input.lastFrame) } : {}),
        ...(references.length > 0
          ? {
              referenceImages: references.map((reference) => ({
                image: veoImage(reference),
                referenceType: 'ASSET' as const,
              })),
            }
          : {}),
      },
    ],
    parameters: { sampleCount: 1, durationSeconds: seconds, aspectRatio, resolution, ...extra },
  };
  return {
    provider: 'provider-one',
    model: model.id,
    mode,
    payload: payload as unknown as Record<string, unknown>,
    durationSeconds: seconds,
    priceModel: model.priceModel,
    dropped,
  };
}

function veoImage(reference: MediaReference): VeoImage {
  return 'url' in reference
    ? { url: reference.url }
    : { bytesBase64Encoded: Buffer.from(reference.bytes).toString('base64'), mimeType: reference.contentType };
}

function secondsOf(value: unknown, model: VeoModel, where: string): number {
  const seconds =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/s$/, '')) : Number.NaN;
  if (!model.durations.includes(seconds))
    throw new ValidationError(
      `modelParams.duration: ${where} makes ${model.durations.join(', ')} seconds, not ${JSON.stringify(value)}`,
    );
  return seconds;
}

function oneOf(key: string, value: unknown, values: readonly string[], where: string): string {
  if (typeof value !== 'string' || !values.includes(value))
    throw new ValidationError(
      `modelParams.${key}: ${where} takes one of ${values.join(', ')}, not ${JSON.stringify(value)}`,
    );
  return value;
}

function checked(key: string, value: unknown, rule: VeoParamRule, where: string): string {
  if (rule.kind === 'enum') return oneOf(key, value, rule.values, where);
  if (typeof value !== 'string' || value.length > rule.maxLength)
    throw new ValidationError(`modelParams.${key}: ${where} takes text of at most ${rule.maxLength} characters`);
  return value;
}

const modelsWith = (test: (model: VeoModel) => boolean) =>
  VEO_MODELS.filter(test)
    .map((model) => model.id)
    .join(', ') || 'no models';
