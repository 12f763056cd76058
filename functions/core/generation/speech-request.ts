// core: a speech request (POST /api/generate-audio and the audio nodes) — its shape, the spec's
// defaults, and the clamping table: voice settings, speed and seed out of range are corrected, never
// refused, and each correction is reported. Our model ids are the vendor's without its `eleven_` prefix.
import * as z from '../schema.ts';
import { ValidationError } from '../errors.ts';

export const SPEECH_DEFAULTS = {
  voice: 'EXAVITQu4vr4xnSDxMaL',
  ttsModel: 'multilingual_v2',
  stsModel: 'multilingual_sts_v2',
  outputFormat: 'mp3_44100_128',
  contentType: 'audio/mpeg',
} as const;

/**
 * Seconds held for a speech-to-speech source: estimated from its size (128 kbit/s), within these bounds.
 * The maximum is also the most a run's speech-to-speech node can cost (canvas/cost-estimate.ts).
 */
export const STS_HOLD_SECONDS = { min: 1, max: 600 } as const;

/** The vendor's ranges (docs/generation-audio.md). */
export const SPEECH_LIMITS = {
  maxTextLength: 10_000,
  speed: { min: 0.7, max: 1.2 },
  seed: { min: 0, max: 4_294_967_295 },
  maxStitchingIds: 3,
  maxDictionaries: 3,
  /** Largest source audio for speech-to-speech, decoded. */
  maxSourceBytes: 25 * 1024 * 1024,
} as const;

const number = z.number().check(z.refine(Number.isFinite, 'must be a finite number'));
const text = (max: number) => z.string().check(z.maxLength(max));

export const SpeechRequestBody = z
  .strictObject({
    canvasId: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(64),
        z.describe('The canvas the audio is bound to: its asset is attached there'),
      ),
    mode: z.enum(['tts', 'sts']).check(z.describe('tts: text to speech; sts: speech to speech')),
    text: z.optional(text(SPEECH_LIMITS.maxTextLength).check(z.describe('tts: the text to speak (or `prompt`)'))),
    prompt: z.optional(text(SPEECH_LIMITS.maxTextLength).check(z.describe('tts: the text to speak (or `text`)'))),
    audioBase64: z.optional(
      z
        .string()
        .check(
          z.maxLength(6 * 1024 * 1024),
          z.describe('sts: the source audio, base64 (up to about 4 MB of audio; larger sources by audioUrl)'),
        ),
    ),
    audioUrl: z.optional(z.string().check(z.maxLength(2048), z.describe('sts: the source audio, a public HTTPS URL'))),
    voice: z.optional(
      z
        .string()
        .check(
          z.regex(/^[A-Za-z0-9]{8,64}$/, 'is not a voice id'),
          z.describe(`Voice id; default ${SPEECH_DEFAULTS.voice}`),
        ),
    ),
    model: z.optional(
      z
        .string()
        .check(
          z.regex(/^[a-z0-9_]{2,64}$/, 'is not a model id'),
          z.describe('multilingual_v2 (tts) or multilingual_sts_v2 (sts) by default'),
        ),
    ),
    stability: z.optional(number.check(z.describe('0–1, clamped'))),
    similarityBoost: z.optional(number.check(z.describe('0–1, clamped'))),
    style: z.optional(number.check(z.describe('0–1, clamped'))),
    speed: z.optional(number.check(z.describe('0.7–1.2, clamped'))),
    speakerBoost: z.optional(z.boolean().check(z.describe('Speaker boost (voice setting)'))),
    seed: z.optional(number.check(z.describe('0–4294967295, clamped and rounded'))),
    languageCode: z.optional(
      z
        .string()
        .check(
          z.regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code such as en'),
          z.describe('tts: ISO 639-1 language (not sent to multilingual_v2)'),
        ),
    ),
    previousText: z.optional(text(5_000).check(z.describe('tts: the text before this one, for continuity'))),
    nextText: z.optional(text(5_000).check(z.describe('tts: the text after this one, for continuity'))),
    previousRequestIds: z.optional(
      z
        .array(z.string().check(z.maxLength(100)))
        .check(z.maxLength(20), z.describe('tts: request ids to stitch after (the last 3 kept)')),
    ),
    nextRequestIds: z.optional(
      z
        .array(z.string().check(z.maxLength(100)))
        .check(z.maxLength(20), z.describe('tts: request ids to stitch before (the last 3 kept)')),
    ),
    pronunciationDictionaries: z.optional(
      z
        .array(
          z.strictObject({
            id: z.string().check(z.minLength(1), z.maxLength(100)),
            versionId: z.optional(z.string().check(z.maxLength(100))),
          }),
        )
        .check(z.maxLength(20), z.describe('tts: pronunciation dictionaries (the first 3 kept)')),
    ),
    textNormalization: z.optional(z.enum(['auto', 'on', 'off']).check(z.describe('tts: text normalization'))),
    removeBackgroundNoise: z.optional(z.boolean().check(z.describe('sts: remove background noise from the source'))),
  })
  .check(
    z.refine((body) => body.mode !== 'tts' || Boolean((body.text ?? body.prompt)?.trim()), {
      message: 'text or prompt is required for tts',
      path: ['text'],
    }),
    z.refine((body) => body.mode !== 'sts' || (body.audioBase64 === undefined) !== (body.audioUrl === undefined), {
      message: 'sts takes exactly one of audioBase64 or audioUrl',
      path: ['audioBase64'],
    }),
  );
export type SpeechRequestBody = z.infer<typeof SpeechRequestBody>;

/** What the provider is sent (the vendor's names), and what was corrected on the way. */
export interface PreparedSpeech {
  mode: 'tts' | 'sts';
  voice: string;
  /** Our model id (and the vendor's, `eleven_` + it). */
  model: string;
  vendorModel: string;
  text?: string;
  voiceSettings: Record<string, number | boolean>;
  /** tts extras and seed, in the vendor's names. */
  extras: Record<string, unknown>;
  removeBackgroundNoise?: boolean;
  adjusted: string[];
}

function clamp(
  name: string,
  value: number | undefined,
  min: number,
  max: number,
  adjusted: string[],
  integer = false,
): number | undefined {
  if (value === undefined) return undefined;
  const rounded = integer ? Math.round(value) : value;
  const clamped = Math.min(Math.max(rounded, min), max);
  if (clamped !== value) adjusted.push(`${name} ${value} → ${clamped}`);
  return clamped;
}

export function prepareSpeech(body: Omit<SpeechRequestBody, 'canvasId' | 'audioBase64' | 'audioUrl'>): PreparedSpeech {
  const adjusted: string[] = [];
  const model = body.model ?? (body.mode === 'tts' ? SPEECH_DEFAULTS.ttsModel : SPEECH_DEFAULTS.stsModel);
  if (body.mode === 'sts' && !model.includes('sts'))
    throw new ValidationError(`model ${model} is not a speech-to-speech model`);
  if (body.mode === 'tts' && model.includes('sts'))
    throw new ValidationError(`model ${model} is a speech-to-speech model; tts needs a text-to-speech model`);
  const voiceSettings: Record<string, number | boolean> = {};
  const set = (key: string, value: number | boolean | undefined) => {
    if (value !== undefined) voiceSettings[key] = value;
  };
  set('stability', clamp('stability', body.stability, 0, 1, adjusted));
  set('similarity_boost', clamp('similarityBoost', body.similarityBoost, 0, 1, adjusted));
  set('style', clamp('style', body.style, 0, 1, adjusted));
  set('speed', clamp('speed', body.speed, SPEECH_LIMITS.speed.min, SPEECH_LIMITS.speed.max, adjusted));
  set('use_speaker_boost', body.speakerBoost);
  const extras: Record<string, unknown> = {};
  const seed = clamp('seed', body.seed, SPEECH_LIMITS.seed.min, SPEECH_LIMITS.seed.max, adjusted, true);
  if (seed !== undefined) extras.seed = seed;
  if (body.mode === 'tts') {
    // The vendor ignores (older models: refuses) language_code on multilingual_v2: not sent there.
    if (body.languageCode !== undefined) {
      if (model === 'multilingual_v2')
        adjusted.push('languageCode dropped: multilingual_v2 detects the language itself');
      else extras.language_code = body.languageCode;
    }
    if (body.previousText !== undefined) extras.previous_text = body.previousText;
    if (body.nextText !== undefined) extras.next_text = body.nextText;
    const ids = (name: string, list: string[] | undefined, wire: string) => {
      if (list === undefined) return;
      if (list.length > SPEECH_LIMITS.maxStitchingIds)
        adjusted.push(`${name}: the last ${SPEECH_LIMITS.maxStitchingIds} of ${list.length} kept`);
      extras[wire] = list.slice(-SPEECH_LIMITS.maxStitchingIds);
    };
    ids('previousRequestIds', body.previousRequestIds, 'previous_request_ids');
    ids('nextRequestIds', body.nextRequestIds, 'next_request_ids');
    if (body.pronunciationDictionaries !== undefined) {
      if (body.pronunciationDictionaries.length > SPEECH_LIMITS.maxDictionaries)
        adjusted.push(`pronunciationDictionaries: the first ${SPEECH_LIMITS.maxDictionaries} kept`);
      extras.pronunciation_dictionary_locators = body.pronunciationDictionaries
        .slice(0, SPEECH_LIMITS.maxDictionaries)
        .map((locator) => ({
          pronunciation_dictionary_id: locator.id,
          ...(locator.versionId ? { version_id: locator.versionId } : {}),
        }));
    }
    if (body.textNormalization !== undefined) extras.apply_text_normalization = body.textNormalization;
  }
  return {
    mode: body.mode,
    voice: body.voice ?? SPEECH_DEFAULTS.voice,
    model,
    vendorModel: `eleven_${model}`,
    ...(body.mode === 'tts' ? { text: (body.text ?? body.prompt)!.trim() } : {}),
    voiceSettings,
    extras,
    ...(body.mode === 'sts' ? { removeBackgroundNoise: body.removeBackgroundNoise ?? false } : {}),
    adjusted,
  };
}
