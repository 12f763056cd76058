// unit: speech request preparation — the spec's defaults, the clamping table (corrected, never refused,
// each correction reported), the tts extras in the vendor's names, the body rules.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import { prepareSpeech, SPEECH_DEFAULTS, SpeechRequestBody } from '#core/generation/speech-request';

describe('prepareSpeech', () => {
  it("applies the defaults: the spec's voice, multilingual_v2 for tts and multilingual_sts_v2 for sts, the vendor's eleven_ ids", () => {
    expect(prepareSpeech({ mode: 'tts', text: ' Hello ' })).toMatchObject({
      voice: SPEECH_DEFAULTS.voice,
      model: 'multilingual_v2',
      vendorModel: 'eleven_multilingual_v2',
      text: 'Hello',
      voiceSettings: {},
      adjusted: [],
    });
    expect(prepareSpeech({ mode: 'sts' })).toMatchObject({
      model: 'multilingual_sts_v2',
      vendorModel: 'eleven_multilingual_sts_v2',
      removeBackgroundNoise: false,
    });
    expect(prepareSpeech({ mode: 'tts', prompt: 'From prompt' }).text).toBe('From prompt');
  });

  it.each([
    ['stability', { stability: 1.5 }, 'stability', 1, 'stability 1.5 → 1'],
    ['stability', { stability: -0.2 }, 'stability', 0, 'stability -0.2 → 0'],
    ['similarity boost', { similarityBoost: 2 }, 'similarity_boost', 1, 'similarityBoost 2 → 1'],
    ['style', { style: -1 }, 'style', 0, 'style -1 → 0'],
    ['speed above', { speed: 2 }, 'speed', 1.2, 'speed 2 → 1.2'],
    ['speed below', { speed: 0.5 }, 'speed', 0.7, 'speed 0.5 → 0.7'],
  ] as const)('clamps %s into range and says so', (_label, settings, wire, expected, note) => {
    const prepared = prepareSpeech({ mode: 'tts', text: 'x', ...settings });
    expect(prepared.voiceSettings[wire]).toBe(expected);
    expect(prepared.adjusted).toEqual([note]);
  });

  it('keeps values in range as given, with nothing reported', () => {
    const prepared = prepareSpeech({
      mode: 'tts',
      text: 'x',
      stability: 0.4,
      similarityBoost: 0.8,
      style: 0.1,
      speed: 1.1,
      speakerBoost: true,
      seed: 42,
    });
    expect(prepared.voiceSettings).toEqual({
      stability: 0.4,
      similarity_boost: 0.8,
      style: 0.1,
      speed: 1.1,
      use_speaker_boost: true,
    });
    expect(prepared.extras.seed).toBe(42);
    expect(prepared.adjusted).toEqual([]);
  });

  it.each([
    [-5, 0],
    [4_294_967_296, 4_294_967_295],
    [12.6, 13],
  ])('clamps seed %s to the integer range: %s', (seed, expected) => {
    expect(prepareSpeech({ mode: 'tts', text: 'x', seed }).extras.seed).toBe(expected);
  });

  it('passes the tts extras through in the vendor names, keeping at most three stitching ids and dictionaries', () => {
    const prepared = prepareSpeech({
      mode: 'tts',
      text: 'x',
      model: 'turbo_v2_5',
      languageCode: 'de',
      previousText: 'before',
      nextText: 'after',
      previousRequestIds: ['a', 'b', 'c', 'd'],
      nextRequestIds: ['n'],
      pronunciationDictionaries: [{ id: 'p1', versionId: 'v1' }, { id: 'p2' }, { id: 'p3' }, { id: 'p4' }],
      textNormalization: 'off',
    });
    expect(prepared.extras).toEqual({
      language_code: 'de',
      previous_text: 'before',
      next_text: 'after',
      previous_request_ids: ['b', 'c', 'd'],
      next_request_ids: ['n'],
      pronunciation_dictionary_locators: [
        { pronunciation_dictionary_id: 'p1', version_id: 'v1' },
        { pronunciation_dictionary_id: 'p2' },
        { pronunciation_dictionary_id: 'p3' },
      ],
      apply_text_normalization: 'off',
    });
    expect(prepared.adjusted).toEqual([
      'previousRequestIds: the last 3 of 4 kept',
      'pronunciationDictionaries: the first 3 kept',
    ]);
  });

  it('does not send a language code to multilingual_v2 (the vendor ignores or refuses it) and says so', () => {
    const prepared = prepareSpeech({ mode: 'tts', text: 'x', languageCode: 'fr' });
    expect(prepared.extras).not.toHaveProperty('language_code');
    expect(prepared.adjusted).toEqual(['languageCode dropped: multilingual_v2 detects the language itself']);
  });

  it('refuses a model of the other mode', () => {
    expect(() => prepareSpeech({ mode: 'sts', model: 'multilingual_v2' })).toThrow(ValidationError);
    expect(() => prepareSpeech({ mode: 'tts', text: 'x', model: 'multilingual_sts_v2' })).toThrow(ValidationError);
  });
});

describe('the request body', () => {
  const parse = (body: unknown) => SpeechRequestBody.safeParse(body);
  it('needs text or prompt for tts and exactly one source for sts', () => {
    expect(parse({ canvasId: 'c', mode: 'tts' }).success).toBe(false);
    expect(parse({ canvasId: 'c', mode: 'tts', prompt: 'hi' }).success).toBe(true);
    expect(parse({ canvasId: 'c', mode: 'sts' }).success).toBe(false);
    expect(
      parse({ canvasId: 'c', mode: 'sts', audioBase64: 'AAAA', audioUrl: 'https://x.example/a.mp3' }).success,
    ).toBe(false);
    expect(parse({ canvasId: 'c', mode: 'sts', audioUrl: 'https://x.example/a.mp3' }).success).toBe(true);
    expect(parse({ canvasId: 'c', mode: 'tts', text: 'hi', stability: Number.NaN }).success).toBe(false);
  });
});
