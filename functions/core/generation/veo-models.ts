// core: provider one's model contract (Google Veo 3.1 through the Gemini API), defined once. For each
// model: the modes it serves, how many reference images it takes, whether it takes a last frame, its
// durations, resolutions and aspect ratios with the rules that tie them together, the modelParams it
// takes (by our name, with the Gemini wire name) and its price class. providers.ts lists these models;
// veo-request.ts prepares a submit from them; docs/generation-provider-one.md shows them (a drift test
// keeps the table and this file equal). Source: the provider notes (shared/reference/providers.md §2),
// @google/genai 2.32.0's Gemini-API request mapping, Google's Veo 3.1 parameter table.
import type { VideoMode } from './video-mode.ts';

export type VeoParamRule = { kind: 'enum'; values: readonly string[] } | { kind: 'text'; maxLength: number };

export interface VeoModel {
  readonly id: string;
  readonly label: string;
  readonly modes: readonly VideoMode[];
  /** Reference images (`referenceImages`, type ASSET) it takes at most; 0: none. */
  readonly maxReferenceImages: number;
  /** Whether it takes a last frame (`lastFrame`, with a first-frame image). */
  readonly lastFrame: boolean;
  readonly durations: readonly number[];
  readonly resolutions: readonly string[];
  /** Resolutions above 720p are made only at this duration. */
  readonly highResolutionSeconds: number;
  readonly aspectRatios: readonly string[];
  /** Reference images are taken only at these (Veo 3.1: 16:9, 8 s). */
  readonly referenceRules: { readonly aspectRatio: string; readonly seconds: number };
  readonly priceModel: 'standard' | 'fast' | 'professional';
}

/** modelParams keys provider one takes: our name → its Gemini wire name under `parameters`, and its rule. */
export const VEO_PARAMS: Readonly<Record<string, { wire: string; rule: VeoParamRule }>> = {
  negative_prompt: { wire: 'negativePrompt', rule: { kind: 'text', maxLength: 2500 } },
  person_generation: {
    wire: 'personGeneration',
    rule: { kind: 'enum', values: ['allow_all', 'allow_adult', 'dont_allow'] },
  },
};

/** The SDK's camelCase names for the same keys (a caller who read Google's docs uses these). */
export const VEO_PARAM_ALIASES: Readonly<Record<string, string>> = {
  negativePrompt: 'negative_prompt',
  personGeneration: 'person_generation',
  durationSeconds: 'duration',
};

/**
 * Keys the Gemini API refuses for Veo (Vertex-only: the SDK throws on them in Gemini-API mode) — dropped
 * and reported, never sent. Everything else unknown is dropped too; these are named in the docs.
 */
export const VEO_UNSUPPORTED_PARAMS = [
  'seed',
  'generate_audio',
  'generateAudio',
  'fps',
  'compression_quality',
  'resize_mode',
  'output_gcs_uri',
  'enhance_prompt',
] as const;

const VEO_31_COMMON = {
  durations: [4, 6, 8],
  highResolutionSeconds: 8,
  aspectRatios: ['16:9', '9:16'],
  referenceRules: { aspectRatio: '16:9', seconds: 8 },
} as const;

export const VEO_MODELS: readonly VeoModel[] = [
  {
    id: 'veo-3.1-generate-preview',
    label: 'Veo 3.1',
    modes: ['text-to-video', 'image-to-video', 'reference-to-video'],
    maxReferenceImages: 3,
    lastFrame: true,
    resolutions: ['720p', '1080p', '4k'],
    priceModel: 'professional',
    ...VEO_31_COMMON,
  },
  {
    id: 'veo-3.1-fast-generate-preview',
    label: 'Veo 3.1 Fast',
    modes: ['text-to-video', 'image-to-video'],
    maxReferenceImages: 0,
    lastFrame: true,
    resolutions: ['720p', '1080p'],
    priceModel: 'fast',
    ...VEO_31_COMMON,
  },
  {
    id: 'veo-3.1-lite-generate-preview',
    label: 'Veo 3.1 Lite',
    modes: ['text-to-video', 'image-to-video'],
    maxReferenceImages: 0,
    lastFrame: false,
    resolutions: ['720p'],
    priceModel: 'standard',
    ...VEO_31_COMMON,
  },
];

export const VEO_DEFAULT_MODEL = 'veo-3.1-generate-preview';
export const VEO_DEFAULT_SECONDS = 8;
export const VEO_DEFAULT_RESOLUTION = '720p';
export const VEO_DEFAULT_ASPECT_RATIO = '16:9';

export const veoModel = (id: string): VeoModel | undefined => VEO_MODELS.find((model) => model.id === id);
