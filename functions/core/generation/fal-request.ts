// core: a provider-two submit prepared from the model contract (fal-models.ts) — pure, no I/O. The
// spec's rules, in order:
//   endpoint: the given one, else the default; an id outside the contract is accepted as given, with
//             `image_url` as its reference field and modelParams passed through
//   modelParams: reserved internal keys stripped; keys the endpoint does not take dropped (reported);
//             values checked against the endpoint's rule and put in its wire form ("5", "8s")
//   aspect ratio: applied only where the endpoint takes one; a ratio it does not list → 400
//   references: each mapped to the endpoint's own field name; mode rules (an image-to-video endpoint
//             that needs an image; reference audio needs an image or a video) and limits → 400
// Reference URLs reach here already checked against the outbound rules (the core does that after DNS).
import { ValidationError } from '../errors.ts';
import type { MediaReference, PreparedVideoJob, VideoSubmitInput } from './video-provider.ts';
import { FAL_DEFAULT_ENDPOINT, falEndpoint, type FalEndpoint, type ParamRule } from './fal-models.ts';

/**
 * Keys a caller may not set through modelParams: the service sets them (prompt, references, the
 * webhook) or they change how fal runs the request (sync mode, queue and retry controls).
 */
export const RESERVED_PARAM_KEYS = new Set([
  'prompt',
  'webhook',
  'webhook_url',
  'fal_webhook',
  'sync_mode',
  'fal_max_queue_length',
  'image_url',
  'start_image_url',
  'end_image_url',
  'tail_image_url',
  'first_frame_url',
  'last_frame_url',
  'image_urls',
  'video_urls',
  'audio_urls',
  'reference_image_urls',
  'reference_video_urls',
  'aspect_ratio',
]);
const isReserved = (key: string) =>
  RESERVED_PARAM_KEYS.has(key) || key.startsWith('fal_') || key.startsWith('__') || key.startsWith('x-');

/** fal endpoint ids: owner/app[/path…], no dots-only segments (they become URL path segments). */
const ENDPOINT_ID = /^[a-z0-9][a-z0-9_-]*(\/(?!\.{1,2}(\/|$))[a-z0-9][a-z0-9._-]*){1,6}$/i;

/** Seconds held for an endpoint outside the contract that names no duration. */
export const UNKNOWN_ENDPOINT_SECONDS = 10;

export function prepareFalJob(input: VideoSubmitInput): PreparedVideoJob {
  const endpointId = input.model ?? FAL_DEFAULT_ENDPOINT;
  if (!ENDPOINT_ID.test(endpointId))
    throw new ValidationError(`endpointId ${JSON.stringify(endpointId)} is not a fal endpoint id (owner/app/path)`);
  const endpoint = falEndpoint(endpointId);
  return endpoint ? prepareContract(endpoint, input) : prepareOutsideContract(endpointId, input);
}

function prepareContract(endpoint: FalEndpoint, input: VideoSubmitInput): PreparedVideoJob {
  const payload: Record<string, unknown> = { prompt: input.prompt };
  const dropped: string[] = [];
  const where = `endpoint ${endpoint.id} (${endpoint.mode})`;

  // References, each under the endpoint's own wire name.
  const { fields } = endpoint;
  if (input.image) {
    if (!fields.image)
      throw new ValidationError(`imageUrl: ${where} takes no image; choose an image-to-video endpoint`);
    payload[fields.image] = wire(input.image);
  } else if (fields.imageRequired) {
    throw new ValidationError(`imageUrl is required by ${where}`);
  }
  if (input.lastFrame) {
    if (!fields.lastFrame) throw new ValidationError(`lastFrameUrl: ${where} takes no last frame`);
    payload[fields.lastFrame] = wire(input.lastFrame);
  }
  const images = input.referenceImages ?? [];
  const videos = input.referenceVideos ?? [];
  const audios = input.referenceAudios ?? [];
  for (const [name, list, field] of [
    ['referenceImageUrls', images, fields.referenceImages],
    ['referenceVideoUrls', videos, fields.referenceVideos],
    ['referenceAudioUrls', audios, fields.referenceAudios],
  ] as const) {
    if (list.length === 0) continue;
    if (!field)
      throw new ValidationError(
        `${name}: ${where} takes no ${name.replace(/^reference|Urls$/g, '').toLowerCase()} references`,
      );
    payload[field] = list.map(wire);
  }
  const limits = endpoint.referenceLimits;
  if (limits) {
    const over = (count: number, limit: number, what: string) => {
      if (count > limit) throw new ValidationError(`${what}: ${where} takes at most ${limit} (got ${count})`);
    };
    over(images.length, limits.images, 'referenceImageUrls');
    over(videos.length, limits.videos, 'referenceVideoUrls');
    over(audios.length, limits.audios, 'referenceAudioUrls');
    over(images.length + videos.length + audios.length, limits.total, 'reference files in total');
  }
  if (endpoint.mode === 'reference-to-video' && images.length + videos.length === 0) {
    throw new ValidationError(
      audios.length > 0
        ? `referenceAudioUrls: reference audio needs at least one reference image or video (${where})`
        : `${where} needs at least one reference image or video`,
    );
  }

  // Aspect ratio: only where the endpoint takes one.
  if (input.aspectRatio !== undefined) {
    if (!endpoint.aspectRatios) dropped.push('aspectRatio');
    else if (!endpoint.aspectRatios.includes(input.aspectRatio)) {
      throw new ValidationError(
        `aspectRatio ${input.aspectRatio} is not one ${where} supports (${endpoint.aspectRatios.join(', ')})`,
      );
    } else payload.aspect_ratio = input.aspectRatio;
  }

  // modelParams: reserved stripped, unsupported dropped, the rest checked and put in wire form.
  let seconds = endpoint.defaultSeconds;
  for (const [key, value] of Object.entries(input.params ?? {})) {
    if (isReserved(key)) continue;
    const rule = endpoint.params[key];
    if (!rule) {
      dropped.push(`modelParams.${key}`);
      continue;
    }
    payload[key] = wireParam(key, value, rule, where);
    if (key === 'duration' && rule.kind === 'seconds')
      seconds = value === 'auto' ? rule.max : Number(String(value).replace(/s$/, ''));
  }

  return {
    provider: 'provider-two',
    model: endpoint.id,
    mode: endpoint.mode,
    payload,
    durationSeconds: seconds,
    priceModel: endpoint.priceModel,
    dropped,
  };
}

function prepareOutsideContract(endpointId: string, input: VideoSubmitInput): PreparedVideoJob {
  if (
    input.lastFrame ||
    input.referenceImages?.length ||
    input.referenceVideos?.length ||
    input.referenceAudios?.length
  ) {
    throw new ValidationError(
      `endpointId ${endpointId} is outside the model contract: it takes imageUrl as its only reference (sent as image_url)`,
    );
  }
  const payload: Record<string, unknown> = { prompt: input.prompt };
  for (const [key, value] of Object.entries(input.params ?? {})) if (!isReserved(key)) payload[key] = value;
  if (input.image) payload.image_url = wire(input.image);
  if (input.aspectRatio !== undefined) payload.aspect_ratio = input.aspectRatio;
  const named = Number.parseFloat(String(payload.duration ?? ''));
  return {
    provider: 'provider-two',
    model: endpointId,
    mode: input.image ? 'image-to-video' : 'text-to-video',
    payload,
    durationSeconds: Number.isFinite(named) && named > 0 ? Math.ceil(named) : UNKNOWN_ENDPOINT_SECONDS,
    priceModel: '*',
    dropped: [],
  };
}

/** A reference as fal takes it: the URL, or inline bytes as a data URI. */
function wire(reference: MediaReference): string {
  return 'url' in reference
    ? reference.url
    : `data:${reference.contentType};base64,${Buffer.from(reference.bytes).toString('base64')}`;
}

function wireParam(key: string, value: unknown, rule: ParamRule, where: string): unknown {
  const refuse = (expected: string): never => {
    throw new ValidationError(`modelParams.${key}: ${where} takes ${expected}, not ${JSON.stringify(value)}`);
  };
  switch (rule.kind) {
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value)
        ? value
        : refuse(`one of ${rule.values.join(', ')}`);
    case 'seconds': {
      if (value === 'auto') return rule.auto ? 'auto' : refuse(`${rule.min}–${rule.max} seconds`);
      const seconds = typeof value === 'number' ? value : Number(String(value).replace(/s$/, ''));
      if (!Number.isInteger(seconds) || seconds < rule.min || seconds > rule.max)
        refuse(`${rule.min}–${rule.max} whole seconds${rule.auto ? ' or "auto"' : ''}`);
      return `${seconds}${rule.suffix ?? ''}`;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : refuse('true or false');
    case 'text':
      return typeof value === 'string' && value.length <= rule.maxLength
        ? value
        : refuse(`text of at most ${rule.maxLength} characters`);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= rule.min && value <= rule.max
        ? value
        : refuse(`a number from ${rule.min} to ${rule.max}`);
    case 'integer':
      return Number.isInteger(value) && (value as number) >= rule.min && (value as number) <= rule.max
        ? value
        : refuse(`a whole number from ${rule.min} to ${rule.max}`);
  }
}
