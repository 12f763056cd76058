// unit: provider one's submit preparation against the Veo model contract — the three inputs (primary
// image, reference images, last frame) and which mixes each model takes, reference limits at and over the
// bound, durations, resolutions and aspect ratios with the rules that tie them, modelParams in Gemini's
// wire names, reserved keys stripped, unsupported keys dropped and reported, the default model.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import { VEO_DEFAULT_MODEL, VEO_MODELS, veoModel } from '#core/generation/veo-models';
import { prepareVeoJob, VEO_RESERVED_PARAM_KEYS, type VeoPayload } from '#core/generation/veo-request';
import type { VideoSubmitInput } from '#core/generation/video-provider';
import { providerById } from '#core/integrations/providers';

const image = (n = 1) => ({ url: `https://cdn.example.com/ref-${n}.png` });
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const FAST = 'veo-3.1-fast-generate-preview';
const LITE = 'veo-3.1-lite-generate-preview';

const payloadOf = (input: VideoSubmitInput) => prepareVeoJob(input).payload as unknown as VeoPayload;
const refusal = (input: VideoSubmitInput) => {
  try {
    prepareVeoJob(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error('expected a ValidationError');
};

describe('the Veo model contract', () => {
  it('is what the provider catalogue lists for provider one, with the default among it', () => {
    const listed = providerById('provider-one');
    expect(listed.models.map((model) => model.id)).toEqual(VEO_MODELS.map((model) => model.id));
    expect(listed.defaultModel).toBe(VEO_DEFAULT_MODEL);
    expect(veoModel(VEO_DEFAULT_MODEL)?.modes).toContain('reference-to-video');
  });

  it('refuses a model outside the contract, naming the known ones', () => {
    expect(refusal({ prompt: 'p', model: 'veo-2.0-generate-001' })).toMatch(
      /not a provider-one model \(veo-3\.1-generate-preview, /,
    );
  });
});

describe('modes from the three inputs', () => {
  it('sends a prompt alone as text-to-video with the defaults: 8 s, 720p, 16:9, one sample', () => {
    const prepared = prepareVeoJob({ prompt: 'A lighthouse at dusk' });
    expect(prepared).toMatchObject({
      provider: 'provider-one',
      model: VEO_DEFAULT_MODEL,
      mode: 'text-to-video',
      durationSeconds: 8,
      priceModel: 'professional',
      dropped: [],
    });
    expect(prepared.payload).toEqual({
      instances: [{ prompt: 'A lighthouse at dusk' }],
      parameters: { sampleCount: 1, durationSeconds: 8, aspectRatio: '16:9', resolution: '720p' },
    });
  });

  it(
    'sends the primary image as the first frame, and a last frame beside it, in Gemini form (inline bytes ' + 'base64)',
    () => {
      const payload = payloadOf({ prompt: 'p', image: { bytes: PNG, contentType: 'image/png' }, lastFrame: image(2) });
      expect(payload.instances[0]).toEqual({
        prompt: 'p',
        image: { bytesBase64Encoded: Buffer.from(PNG).toString('base64'), mimeType: 'image/png' },
        lastFrame: { url: image(2).url },
      });
      expect(prepareVeoJob({ prompt: 'p', image: image() }).mode).toBe('image-to-video');
    },
  );

  it('sends additional reference images as ASSET references (reference-to-video), up to 3', () => {
    const prepared = prepareVeoJob({ prompt: 'p', referenceImages: [image(1), image(2), image(3)] });
    expect(prepared.mode).toBe('reference-to-video');
    expect((prepared.payload as unknown as VeoPayload).instances[0].referenceImages).toEqual(
      [1, 2, 3].map((n) => ({ image: { url: image(n).url }, referenceType: 'ASSET' })),
    );
    expect(refusal({ prompt: 'p', referenceImages: [image(1), image(2), image(3), image(4)] })).toBe(
      'referenceImageUrls: model veo-3.1-generate-preview takes at most 3 (got 4)',
    );
  });

  it('refuses the mixes Veo refuses: references with a first or last frame, a last frame alone', () => {
    expect(refusal({ prompt: 'p', image: image(), referenceImages: [image(2)] })).toMatch(
      /^imageUrl: .* reference images or a first and last frame, not both/,
    );
    expect(refusal({ prompt: 'p', lastFrame: image(), referenceImages: [image(2)] })).toMatch(/^lastFrameUrl: /);
    expect(refusal({ prompt: 'p', lastFrame: image() })).toMatch(/^lastFrameUrl needs imageUrl/);
  });

  it('checks each model capability: no references on Fast or Lite, no last frame on Lite', () => {
    expect(refusal({ prompt: 'p', model: FAST, referenceImages: [image()] })).toBe(
      `referenceImageUrls: model ${FAST} takes no reference images (veo-3.1-generate-preview do)`,
    );
    expect(refusal({ prompt: 'p', model: LITE, image: image(), lastFrame: image(2) })).toMatch(
      new RegExp(`^lastFrameUrl: model ${LITE} takes no last frame`),
    );
    expect(prepareVeoJob({ prompt: 'p', model: FAST, image: image(), lastFrame: image(2) })).toMatchObject({
      mode: 'image-to-video',
      priceModel: 'fast',
    });
  });

  it('refuses reference videos and audio: they are not Veo inputs', () => {
    expect(refusal({ prompt: 'p', referenceVideos: [{ url: 'https://cdn.example.com/a.mp4' }] })).toMatch(
      /^referenceVideoUrls: provider one/,
    );
    expect(
      refusal({ prompt: 'p', referenceImages: [image()], referenceAudios: [{ url: 'https://cdn.example.com/a.mp3' }] }),
    ).toMatch(/^referenceAudioUrls: provider one/);
  });
});

describe('parameters', () => {
  it('takes durations 4, 6 and 8 (numbers, "6" or "6s") as the hold, and refuses others', () => {
    expect(prepareVeoJob({ prompt: 'p', params: { duration: 4 } }).durationSeconds).toBe(4);
    expect(prepareVeoJob({ prompt: 'p', params: { duration: '6s' } }).durationSeconds).toBe(6);
    expect(prepareVeoJob({ prompt: 'p', params: { durationSeconds: '6' } }).durationSeconds).toBe(6);
    expect(refusal({ prompt: 'p', params: { duration: 5 } })).toBe(
      'modelParams.duration: model veo-3.1-generate-preview makes 4, 6, 8 seconds, not 5',
    );
  });

  it('makes 1080p and 4k only at 8 s, and only on models that have them', () => {
    expect(payloadOf({ prompt: 'p', params: { resolution: '4k' } }).parameters).toMatchObject({
      resolution: '4k',
      durationSeconds: 8,
    });
    expect(refusal({ prompt: 'p', params: { resolution: '1080p', duration: 6 } })).toBe(
      'modelParams.resolution: model veo-3.1-generate-preview makes 1080p only at 8 seconds (asked for 6)',
    );
    expect(refusal({ prompt: 'p', model: FAST, params: { resolution: '4k' } })).toMatch(/takes one of 720p, 1080p/);
  });

  it('applies 16:9 or 9:16 and refuses other ratios; reference images only at 16:9 and 8 s', () => {
    expect(payloadOf({ prompt: 'p', aspectRatio: '9:16' }).parameters.aspectRatio).toBe('9:16');
    expect(refusal({ prompt: 'p', aspectRatio: '1:1' })).toBe(
      'aspectRatio 1:1 is not one model veo-3.1-generate-preview supports (16:9, 9:16)',
    );
    expect(refusal({ prompt: 'p', aspectRatio: '9:16', referenceImages: [image()] })).toMatch(
      /reference images only at 16:9/,
    );
    expect(refusal({ prompt: 'p', referenceImages: [image()], params: { duration: 4 } })).toMatch(
      /reference images only at 8 seconds/,
    );
    expect(prepareVeoJob({ prompt: 'p', referenceImages: [image()] }).durationSeconds).toBe(8);
  });

  it('sends negative_prompt and person_generation in Gemini wire names (either spelling), checked', () => {
    expect(
      payloadOf({ prompt: 'p', params: { negative_prompt: 'blur', personGeneration: 'allow_adult' } }).parameters,
    ).toMatchObject({ negativePrompt: 'blur', personGeneration: 'allow_adult' });
    expect(refusal({ prompt: 'p', params: { person_generation: 'everyone' } })).toMatch(
      /^modelParams\.person_generation: .* one of allow_all, allow_adult, dont_allow/,
    );
    expect(refusal({ prompt: 'p', params: { negative_prompt: 'x'.repeat(2501) } })).toMatch(/at most 2500 characters/);
  });

  it('strips reserved keys silently and drops (and reports) what the Gemini API does not take, seed and audio included', () => {
    const prepared = prepareVeoJob({
      prompt: 'p',
      params: { seed: 7, generate_audio: true, cfg_scale: 0.5, sampleCount: 4, aspect_ratio: '1:1', prompt: 'other' },
    });
    expect(prepared.dropped).toEqual(['modelParams.seed', 'modelParams.generate_audio', 'modelParams.cfg_scale']);
    expect(prepared.payload).toEqual({
      instances: [{ prompt: 'p' }],
      parameters: { sampleCount: 1, durationSeconds: 8, aspectRatio: '16:9', resolution: '720p' },
    });
    for (const key of ['sampleCount', 'aspect_ratio', 'prompt']) expect(VEO_RESERVED_PARAM_KEYS.has(key)).toBe(true);
  });
});
