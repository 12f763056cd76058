// unit: provider two's submit preparation against the model contract — parameter filtering per
// endpoint, wire names of references, aspect ratios, reference limits at and over each bound, the
// audio-needs-a-visual rule, reserved keys, endpoints outside the contract, the default endpoint.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import { FAL_DEFAULT_ENDPOINT, FAL_ENDPOINTS, falEndpoint } from '#core/generation/fal-models';
import { prepareFalJob, RESERVED_PARAM_KEYS, UNKNOWN_ENDPOINT_SECONDS } from '#core/generation/fal-request';
import type { VideoSubmitInput } from '#core/generation/video-provider';
import { providerById } from '#core/integrations/providers';

const image = (n = 1) => ({ url: `https://cdn.example.com/ref-${n}.png` });
const video = (n = 1) => ({ url: `https://cdn.example.com/ref-${n}.mp4` });
const audio = (n = 1) => ({ url: `https://cdn.example.com/ref-${n}.mp3` });
const many = <T>(make: (n: number) => T, count: number) => Array.from({ length: count }, (_, index) => make(index + 1));

/** The smallest valid request for an endpoint's mode. */
function minimal(endpointId: string): VideoSubmitInput {
  const endpoint = falEndpoint(endpointId)!;
  if (endpoint.mode === 'reference-to-video') return { prompt: 'p', model: endpointId, referenceImages: [image()] };
  if (endpoint.fields.imageRequired) return { prompt: 'p', model: endpointId, image: image() };
  return { prompt: 'p', model: endpointId };
}

const refusal = (input: VideoSubmitInput) => {
  try {
    prepareFalJob(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error('expected a ValidationError');
};

describe('the model contract', () => {
  it('is what the provider catalogue lists for provider two, with the default among it', () => {
    const listed = providerById('provider-two');
    expect(listed.models.map((model) => model.id)).toEqual(FAL_ENDPOINTS.map((endpoint) => endpoint.id));
    expect(listed.defaultModel).toBe(FAL_DEFAULT_ENDPOINT);
    expect(falEndpoint(FAL_DEFAULT_ENDPOINT)).toMatchObject({ mode: 'reference-to-video', version: '2.0' });
  });

  it('uses the default endpoint when none is named', () => {
    expect(prepareFalJob({ prompt: 'p', referenceImages: [image()] }).model).toBe(FAL_DEFAULT_ENDPOINT);
  });
});

describe.each(FAL_ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))('%s', (id, endpoint) => {
  it('keeps the parameters it supports in wire form, drops the others and strips reserved keys', () => {
    // Prepare: every supported key with a valid value, one unknown key, every reserved key
    const valid: Record<string, unknown> = {};
    for (const [key, rule] of Object.entries(endpoint.params)) {
      valid[key] =
        rule.kind === 'enum'
          ? rule.values[0]
          : rule.kind === 'seconds'
            ? rule.min
            : rule.kind === 'boolean'
              ? false
              : rule.kind === 'text'
                ? 'no blur'
                : rule.min;
    }
    const reserved = Object.fromEntries([...RESERVED_PARAM_KEYS].map((key) => [key, 'https://evil.example/x']));

    // Act
    const job = prepareFalJob({ ...minimal(id), params: { ...valid, not_a_param: 1, ...reserved, fal_retry: 'yes' } });

    // Assess
    expect(job.dropped).toEqual(['modelParams.not_a_param']);
    for (const [key, rule] of Object.entries(endpoint.params)) {
      const expected = rule.kind === 'seconds' ? `${rule.min}${rule.suffix ?? ''}` : valid[key];
      expect(job.payload[key], key).toEqual(expected);
    }
    expect(job.payload).not.toHaveProperty('not_a_param');
    expect(job.payload).not.toHaveProperty('fal_webhook');
    expect(job.payload).not.toHaveProperty('fal_retry');
    expect(job.payload.prompt).toBe('p');
    expect(job).toMatchObject({
      provider: 'provider-two',
      model: id,
      mode: endpoint.mode,
      priceModel: endpoint.priceModel,
    });
  });

  it(
    `applies an aspect ratio ` +
      `${endpoint.aspectRatios ? 'it lists and refuses another' : 'nowhere: it takes none, so the ratio is dropped'}`,
    () => {
      if (endpoint.aspectRatios) {
        expect(prepareFalJob({ ...minimal(id), aspectRatio: endpoint.aspectRatios[0] }).payload.aspect_ratio).toBe(
          endpoint.aspectRatios[0],
        );
        expect(refusal({ ...minimal(id), aspectRatio: '2:1' })).toMatch(/aspectRatio 2:1 is not one/);
      } else {
        const job = prepareFalJob({ ...minimal(id), aspectRatio: '16:9' });
        expect(job.payload).not.toHaveProperty('aspect_ratio');
        expect(job.dropped).toContain('aspectRatio');
      }
    },
  );

  it('refuses a parameter value outside its rule, naming the key', () => {
    const [key, rule] = Object.entries(endpoint.params)[0]!;
    const bad =
      rule.kind === 'boolean'
        ? 'yes'
        : rule.kind === 'text'
          ? 'x'.repeat(rule.maxLength + 1)
          : rule.kind === 'enum'
            ? 'huge'
            : 10_000_000;
    expect(refusal({ ...minimal(id), params: { [key]: bad } })).toContain(`modelParams.${key}`);
  });

  it('holds credits for the requested duration, or the default one', () => {
    const duration = endpoint.params.duration;
    expect(prepareFalJob(minimal(id)).durationSeconds).toBe(endpoint.defaultSeconds);
    if (duration?.kind === 'seconds')
      expect(prepareFalJob({ ...minimal(id), params: { duration: duration.max } }).durationSeconds).toBe(duration.max);
  });
});

describe('references', () => {
  it("maps the primary image and the last frame to the endpoint's own field names", () => {
    const kling = prepareFalJob({
      prompt: 'p',
      model: 'fal-ai/kling-video/v3/pro/image-to-video',
      image: image(1),
      lastFrame: image(2),
    });
    expect(kling.payload).toMatchObject({ start_image_url: image(1).url, end_image_url: image(2).url });
    expect(kling.payload).not.toHaveProperty('image_url');
    const seedance = prepareFalJob({ prompt: 'p', model: 'bytedance/seedance-2.0/image-to-video', image: image(1) });
    expect(seedance.payload).toMatchObject({ image_url: image(1).url });
    const wan = prepareFalJob({
      prompt: 'p',
      model: 'fal-ai/wan/v2.7/reference-to-video',
      referenceImages: [image()],
      referenceVideos: [video()],
    });
    expect(wan.payload).toMatchObject({ reference_image_urls: [image().url], reference_video_urls: [video().url] });
  });

  it('sends inline bytes as a data URI', () => {
    const job = prepareFalJob({
      prompt: 'p',
      model: 'bytedance/seedance-2.0/image-to-video',
      image: { bytes: new Uint8Array([1, 2, 3]), contentType: 'image/png' },
    });
    expect(job.payload.image_url).toBe('data:image/png;base64,AQID');
  });

  it('refuses an image-to-video request without an image, and references an endpoint does not take', () => {
    expect(refusal({ prompt: 'p', model: 'fal-ai/kling-video/v3/pro/image-to-video' })).toMatch(/imageUrl is required/);
    expect(refusal({ prompt: 'p', model: 'fal-ai/wan/v2.7/text-to-video', image: image() })).toMatch(/takes no image/);
    expect(refusal({ prompt: 'p', model: 'fal-ai/wan/v2.7/text-to-video', lastFrame: image() })).toMatch(
      /takes no last frame/,
    );
    expect(
      refusal({
        prompt: 'p',
        model: 'fal-ai/wan/v2.7/reference-to-video',
        referenceImages: [image()],
        referenceAudios: [audio()],
      }),
    ).toMatch(/takes no audio references/);
  });

  const seedance = 'bytedance/seedance-2.0/reference-to-video';
  const wan = 'fal-ai/wan/v2.7/reference-to-video';
  it.each([
    ['second family: 9 images', seedance, { referenceImages: many(image, 9) }, true],
    ['second family: 10 images', seedance, { referenceImages: many(image, 10) }, false],
    ['second family: 3 videos', seedance, { referenceImages: [image()], referenceVideos: many(video, 3) }, true],
    ['second family: 4 videos', seedance, { referenceImages: [image()], referenceVideos: many(video, 4) }, false],
    ['second family: 3 audio', seedance, { referenceImages: [image()], referenceAudios: many(audio, 3) }, true],
    ['second family: 4 audio', seedance, { referenceImages: [image()], referenceAudios: many(audio, 4) }, false],
    [
      'second family: 12 in total',
      seedance,
      { referenceImages: many(image, 9), referenceVideos: many(video, 2), referenceAudios: many(audio, 1) },
      true,
    ],
    [
      'second family: 13 in total',
      seedance,
      { referenceImages: many(image, 9), referenceVideos: many(video, 3), referenceAudios: many(audio, 1) },
      false,
    ],
    ['fourth family: 3 images', wan, { referenceImages: many(image, 3) }, true],
    ['fourth family: 4 images', wan, { referenceImages: many(image, 4) }, false],
    ['fourth family: 3 videos', wan, { referenceVideos: many(video, 3) }, true],
    ['fourth family: 4 videos', wan, { referenceVideos: many(video, 4) }, false],
    ['fourth family: 3 in total', wan, { referenceImages: many(image, 2), referenceVideos: many(video, 1) }, true],
    ['fourth family: 4 in total', wan, { referenceImages: many(image, 2), referenceVideos: many(video, 2) }, false],
  ] as const)('%s → %s', (_label, model, references, accepted) => {
    const input = { prompt: 'p', model, ...references } as VideoSubmitInput;
    if (accepted) expect(() => prepareFalJob(input)).not.toThrow();
    else expect(refusal(input)).toMatch(/at most/);
  });

  it('refuses reference audio without an image or a video, and a reference request with nothing', () => {
    expect(refusal({ prompt: 'p', model: seedance, referenceAudios: [audio()] })).toMatch(
      /reference audio needs at least one reference image or video/,
    );
    expect(
      prepareFalJob({ prompt: 'p', model: seedance, referenceVideos: [video()], referenceAudios: [audio()] }).payload,
    ).toMatchObject({ audio_urls: [audio().url] });
    expect(refusal({ prompt: 'p', model: seedance })).toMatch(/needs at least one reference image or video/);
  });
});

describe('an endpoint outside the contract', () => {
  it('is accepted as given: image as image_url, parameters passed through except reserved ones, aspect ratio as asked', () => {
    const job = prepareFalJob({
      prompt: 'p',
      model: 'fal-ai/sora-2/image-to-video',
      image: image(),
      aspectRatio: '16:9',
      params: { duration: 12, resolution: '720p', fal_webhook: 'https://evil.example' },
    });
    expect(job.payload).toEqual({
      prompt: 'p',
      image_url: image().url,
      aspect_ratio: '16:9',
      duration: 12,
      resolution: '720p',
    });
    expect(job).toMatchObject({
      model: 'fal-ai/sora-2/image-to-video',
      mode: 'image-to-video',
      durationSeconds: 12,
      priceModel: '*',
    });
    expect(prepareFalJob({ prompt: 'p', model: 'fal-ai/some/new-model' }).durationSeconds).toBe(
      UNKNOWN_ENDPOINT_SECONDS,
    );
  });

  it('takes only imageUrl as a reference, and only ids that are endpoint ids', () => {
    expect(refusal({ prompt: 'p', model: 'fal-ai/some/new-model', referenceImages: [image()] })).toMatch(
      /only reference/,
    );
    for (const model of [
      '../../admin',
      'fal-ai',
      'fal-ai/x/../../y',
      'https://queue.fal.run/fal-ai/x',
      'fal-ai/x?y=1',
    ]) {
      expect(refusal({ prompt: 'p', model })).toMatch(/is not a fal endpoint id/);
    }
  });
});
