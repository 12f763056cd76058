// core: provider two's model contract (fal.ai queue endpoints), defined once. For each endpoint: its
// family and mode, the wire name of each reference field (fal's names drift: image_url /
// start_image_url, end_image_url / tail_image_url, image_urls / reference_image_urls …), the
// modelParams it takes with their wire form, its aspect ratios, its reference limits and its price
// class. providers.ts lists these models; fal-request.ts prepares a submit from them; the catalogue
// and docs/generation-provider-two.md show them. Source: docs/generation-provider-two.md (from the
// provider notes, @fal-ai/client's endpoint types).
import type { VideoMode } from './video-mode.ts';

/** How a modelParams value is checked and sent. */
export type ParamRule =
  | { kind: 'enum'; values: readonly string[] }
  /** A number of seconds sent as a string ("5"); `auto` allowed when listed. */
  | { kind: 'seconds'; min: number; max: number; auto?: boolean; suffix?: 's' }
  | { kind: 'boolean' }
  | { kind: 'text'; maxLength: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'integer'; min: number; max: number };

export interface ReferenceLimits {
  images: number;
  videos: number;
  audios: number;
  total: number;
}

export interface FalEndpoint {
  readonly id: string;
  readonly label: string;
  readonly family: 'kling' | 'seedance' | 'veo-on-fal' | 'wan';
  readonly version: string;
  readonly mode: VideoMode;
  /** Wire names of the reference fields it accepts (absent: not accepted). */
  readonly fields: {
    readonly image?: string;
    readonly imageRequired?: boolean;
    readonly lastFrame?: string;
    readonly referenceImages?: string;
    readonly referenceVideos?: string;
    readonly referenceAudios?: string;
  };
  readonly referenceLimits?: ReferenceLimits;
  /** Aspect ratios it takes (`aspect_ratio`); absent: it takes none and a requested one is refused. */
  readonly aspectRatios?: readonly string[];
  /** modelParams keys it supports, by wire name. Everything else is dropped. */
  readonly params: Readonly<Record<string, ParamRule>>;
  /** Seconds of video when the request names none (the hold's quantity). */
  readonly defaultSeconds: number;
  /** Price-list model class (functions/core/credits/prices.ts). */
  readonly priceModel: 'standard' | 'fast' | 'professional' | '*';
}

const KLING_PARAMS = {
  duration: { kind: 'seconds', min: 3, max: 15 },
  generate_audio: { kind: 'boolean' },
  negative_prompt: { kind: 'text', maxLength: 2500 },
  cfg_scale: { kind: 'number', min: 0, max: 1 },
} as const satisfies Record<string, ParamRule>;

const SEEDANCE_PARAMS = {
  duration: { kind: 'seconds', min: 4, max: 15, auto: true },
  resolution: { kind: 'enum', values: ['480p', '720p', '1080p'] },
  generate_audio: { kind: 'boolean' },
  seed: { kind: 'integer', min: 0, max: 2_147_483_647 },
} as const satisfies Record<string, ParamRule>;
// The fast tier has no 1080p.
const SEEDANCE_FAST_PARAMS = {
  ...SEEDANCE_PARAMS,
  resolution: { kind: 'enum', values: ['480p', '720p'] },
} as const satisfies Record<string, ParamRule>;
const SEEDANCE_RATIOS = ['auto', '21:9', '16:9', '4:3', '1:1', '3:4', '9:16'] as const;
/** The spec's reference limits of the second family. */
const SEEDANCE_LIMITS: ReferenceLimits = { images: 9, videos: 3, audios: 3, total: 12 };

const WAN_PARAMS = {
  duration: { kind: 'seconds', min: 2, max: 15 },
  resolution: { kind: 'enum', values: ['720p', '1080p'] },
  negative_prompt: { kind: 'text', maxLength: 500 },
  seed: { kind: 'integer', min: 0, max: 2_147_483_647 },
} as const satisfies Record<string, ParamRule>;
const WAN_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4'] as const;
/** The spec's reference limits of the fourth family (stricter than the provider's own). */
const WAN_LIMITS: ReferenceLimits = { images: 3, videos: 3, audios: 0, total: 3 };

/** Kling 3.0 image to video: its Pro and Standard tiers differ only in id, label and price model. */
function klingImageToVideo(tier: 'pro' | 'standard'): FalEndpoint {
  return {
    id: `fal-ai/kling-video/v3/${tier}/image-to-video`,
    label: `Kling 3.0 ${tier === 'pro' ? 'Pro' : 'Standard'}, image to video`,
    family: 'kling',
    version: '3',
    mode: 'image-to-video',
    fields: { image: 'start_image_url', imageRequired: true, lastFrame: 'end_image_url' },
    params: KLING_PARAMS,
    defaultSeconds: 5,
    priceModel: tier === 'pro' ? 'professional' : 'standard',
  };
}

/** What each Seedance 2.0 mode accepts; its standard and fast tiers take the same fields. */
const SEEDANCE_MODE_FIELDS = {
  'text-to-video': { fields: {} },
  'image-to-video': { fields: { image: 'image_url', imageRequired: true, lastFrame: 'end_image_url' } },
  'reference-to-video': {
    fields: { referenceImages: 'image_urls', referenceVideos: 'video_urls', referenceAudios: 'audio_urls' },
    referenceLimits: SEEDANCE_LIMITS,
  },
} as const satisfies Record<string, Pick<FalEndpoint, 'fields' | 'referenceLimits'>>;

/** A Seedance 2.0 endpoint: the fast tier differs from the standard one in its path, params and price. */
function seedance(tier: 'standard' | 'fast', mode: keyof typeof SEEDANCE_MODE_FIELDS): FalEndpoint {
  const fast = tier === 'fast';
  return {
    id: `bytedance/seedance-2.0/${fast ? 'fast/' : ''}${mode}`,
    label: `Seedance 2.0${fast ? ' Fast' : ''}, ${mode.replaceAll('-', ' ')}`,
    family: 'seedance',
    version: '2.0',
    mode,
    ...SEEDANCE_MODE_FIELDS[mode],
    aspectRatios: SEEDANCE_RATIOS,
    params: fast ? SEEDANCE_FAST_PARAMS : SEEDANCE_PARAMS,
    defaultSeconds: 15,
    priceModel: fast ? 'fast' : 'standard',
  };
}

export const FAL_ENDPOINTS: readonly FalEndpoint[] = [
  klingImageToVideo('pro'),
  klingImageToVideo('standard'),
  seedance('standard', 'image-to-video'),
  seedance('standard', 'reference-to-video'),
  seedance('fast', 'text-to-video'),
  seedance('fast', 'image-to-video'),
  seedance('fast', 'reference-to-video'),
  {
    id: 'fal-ai/veo3.1',
    label: 'Veo 3.1 on fal, text to video',
    family: 'veo-on-fal',
    version: '3.1',
    mode: 'text-to-video',
    fields: {},
    aspectRatios: ['16:9', '9:16'],
    params: {
      duration: { kind: 'seconds', min: 4, max: 8, suffix: 's' },
      resolution: { kind: 'enum', values: ['720p', '1080p'] },
      generate_audio: { kind: 'boolean' },
      negative_prompt: { kind: 'text', maxLength: 2500 },
      seed: { kind: 'integer', min: 0, max: 2_147_483_647 },
    },
    defaultSeconds: 8,
    priceModel: 'professional',
  },
  {
    id: 'fal-ai/wan/v2.7/text-to-video',
    label: 'Wan 2.7, text to video',
    family: 'wan',
    version: '2.7',
    mode: 'text-to-video',
    fields: {},
    aspectRatios: WAN_RATIOS,
    params: WAN_PARAMS,
    defaultSeconds: 5,
    priceModel: 'standard',
  },
  {
    id: 'fal-ai/wan/v2.7/image-to-video',
    label: 'Wan 2.7, image to video',
    family: 'wan',
    version: '2.7',
    mode: 'image-to-video',
    fields: { image: 'image_url', lastFrame: 'end_image_url' },
    // No aspect_ratio on image to video: the image decides.
    params: WAN_PARAMS,
    defaultSeconds: 5,
    priceModel: 'standard',
  },
  {
    id: 'fal-ai/wan/v2.7/reference-to-video',
    label: 'Wan 2.7, reference to video',
    family: 'wan',
    version: '2.7',
    mode: 'reference-to-video',
    fields: { referenceImages: 'reference_image_urls', referenceVideos: 'reference_video_urls' },
    referenceLimits: WAN_LIMITS,
    aspectRatios: WAN_RATIOS,
    params: { ...WAN_PARAMS, duration: { kind: 'seconds', min: 2, max: 10 } },
    defaultSeconds: 5,
    priceModel: 'standard',
  },
];

/**
 * The endpoint used when a request names none. The spec: "the reference-to-video endpoint of the
 * second-generation model of the first model family". Of the contract's families only Seedance has a
 * second-generation (2.0) model with a reference-to-video endpoint (Kling's contract models are v3
 * image-to-video only), so it is Seedance 2.0 reference-to-video; docs/generation-provider-two.md.
 */
export const FAL_DEFAULT_ENDPOINT = 'bytedance/seedance-2.0/reference-to-video';

export function falEndpoint(id: string): FalEndpoint | undefined {
  return FAL_ENDPOINTS.find((endpoint) => endpoint.id === id);
}
