// integration: provider one's wire, proven against Google's own SDK. @google/genai 2.32.0 (a dev
// dependency only) and our fetch client both talk to the loopback Gemini stand-in: the stand-in must
// satisfy the SDK (submit, operation reads, errors as ApiError), and our client must send byte-for-byte
// the body the SDK sends for the same request. Then our client alone: operation states, the safety
// filter, provider errors mapped, URL references fetched and inlined, and the finished video downloaded
// through the redirect under the outbound rules, the API key never following it to another origin.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError, UpstreamError, ValidationError } from '#core/errors';
import { ENV } from '#adapters/env';
import { mediaSource } from '#adapters/outbound-http/media-source';
import { veoProvider } from '#adapters/providers/veo';
import { SubmitOutcomeUnknownError, type VideoPoll } from '#core/generation/video-provider';
import { syntheticMp4 } from '../../lib/local/sandbox/synthetic-media.ts';
import { startGeminiFake, type GeminiFake } from '../support/fakes/gemini-server.ts';

const KEY = 'AIzaTestKey00000000000000000000000000000';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const MODEL = 'veo-3.1-generate-preview';

let fake: GeminiFake;
let images: Server;
let imagesUrl: string;

beforeAll(async () => {
  fake = await startGeminiFake({ key: KEY, pollsUntilDone: 2 });
  // A second origin: serves a reference image, and redirects to the stand-in's storage (cross-origin).
  images = createServer((request, response) => {
    if (request.url === '/frame.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (request.url === '/page.html')
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    const relay = /^\/relay\/(.+)$/.exec(request.url ?? '');
    if (relay) return void response.writeHead(302, { location: `${fake.url}/storage/${relay[1]}` }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  process.env[ENV.outboundAllowHosts] = [new URL(fake.url).host, new URL(imagesUrl).host].join(',');
});

afterAll(async () => {
  delete process.env[ENV.outboundAllowHosts];
  await fake?.close();
  await new Promise<void>((resolve) => images?.close(() => resolve()));
});

const ours = () => veoProvider({ baseUrl: fake.url, media: mediaSource });
const sdk = (apiKey = KEY) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: fake.url } });
const lastSubmit = () => fake.calls.filter((call) => call.method === 'POST').at(-1)!;

async function pollUntilDone(poll: () => Promise<VideoPoll>): Promise<VideoPoll> {
  for (let round = 0; round < 5; round++) {
    const answer = await poll();
    if (answer.state !== 'pending') return answer;
  }
  throw new Error('never done');
}

describe('the stand-in, as the SDK sees it', () => {
  it('accepts the SDK submit and operation reads, and names the video by a Google file URI', async () => {
    const ai = sdk();
    let operation = await ai.models.generateVideos({
      model: MODEL,
      source: { prompt: 'A lighthouse at dusk' },
      config: { numberOfVideos: 1, durationSeconds: 8 },
    });
    expect(operation.name).toMatch(new RegExp(`^models/${MODEL}/operations/`));
    expect(operation.done).toBeFalsy();
    while (!operation.done) operation = await ai.operations.getVideosOperation({ operation });
    expect(operation.response?.generatedVideos?.[0]?.video?.uri).toMatch(
      /^https:\/\/generativelanguage\.googleapis\.com\/v1beta\/files\/[0-9a-f]+:download\?alt=media$/,
    );
  });

  it('answers errors the SDK turns into ApiError with their status: a bad key 400, throttling 429', async () => {
    await expect(
      sdk('AIzaWrong').models.generateVideos({ model: MODEL, source: { prompt: 'p' } }),
    ).rejects.toMatchObject({ name: 'ApiError', status: 400, message: expect.stringContaining('API key not valid') });
    fake.faults.inject({
      action: 'submit',
      status: 429,
      body: { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } },
    });
    await expect(sdk().models.generateVideos({ model: MODEL, source: { prompt: 'p' } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 429,
    });
  });

  it('reports a failed operation the way the SDK surfaces it (operation.error)', async () => {
    fake.scriptOutcomes('fail');
    const ai = sdk();
    let operation = await ai.models.generateVideos({ model: MODEL, source: { prompt: 'p' } });
    while (!operation.done) operation = await ai.operations.getVideosOperation({ operation });
    expect(operation.error).toMatchObject({ message: expect.stringContaining('real person') });
  });
});

describe('our client sends what the SDK sends', () => {
  it('for text, a first and last frame, and reference images: the same path, key header and body', async () => {
    const inputs = [
      {
        ours: { prompt: 'Text only', params: { duration: 6, negative_prompt: 'blur' } },
        sdk: {
          source: { prompt: 'Text only' },
          config: {
            numberOfVideos: 1,
            durationSeconds: 6,
            aspectRatio: '16:9',
            resolution: '720p',
            negativePrompt: 'blur',
          },
        },
      },
      {
        ours: {
          prompt: 'Frames',
          image: { bytes: PNG, contentType: 'image/png' },
          lastFrame: { bytes: PNG, contentType: 'image/png' },
          aspectRatio: '9:16',
          params: { person_generation: 'allow_adult' },
        },
        sdk: {
          source: { prompt: 'Frames', image: { imageBytes: PNG.toString('base64'), mimeType: 'image/png' } },
          config: {
            numberOfVideos: 1,
            durationSeconds: 8,
            aspectRatio: '9:16',
            resolution: '720p',
            personGeneration: 'allow_adult',
            lastFrame: { imageBytes: PNG.toString('base64'), mimeType: 'image/png' },
          },
        },
      },
      {
        ours: {
          prompt: 'References',
          referenceImages: [
            { bytes: PNG, contentType: 'image/png' },
            { bytes: PNG, contentType: 'image/png' },
          ],
          params: { resolution: '1080p' },
        },
        sdk: {
          source: { prompt: 'References' },
          config: {
            numberOfVideos: 1,
            durationSeconds: 8,
            aspectRatio: '16:9',
            resolution: '1080p',
            referenceImages: [0, 1].map(() => ({
              image: { imageBytes: PNG.toString('base64'), mimeType: 'image/png' },
              referenceType: 'ASSET' as never,
            })),
          },
        },
      },
    ];
    for (const input of inputs) {
      const provider = ours();
      await provider.submit(provider.prepare(input.ours), { apiKey: KEY });
      const mine = lastSubmit();
      await sdk().models.generateVideos({ model: MODEL, ...input.sdk });
      const theirs = lastSubmit();
      expect(mine.path).toBe(theirs.path);
      expect(mine.key).toBe(theirs.key);
      expect(mine.body, input.ours.prompt).toEqual(theirs.body);
    }
  });
});

describe('our client', () => {
  it('polls an operation to its video and downloads it through the redirect, the bytes whole', async () => {
    const provider = ours();
    const submitted = await provider.submit(provider.prepare({ prompt: 'Download me', params: { duration: 4 } }), {
      apiKey: KEY,
    });
    expect(submitted.pollAfterSeconds).toBe(10);
    const first = await provider.poll({ model: MODEL, providerJobId: submitted.providerJobId }, { apiKey: KEY });
    expect(first).toEqual({ state: 'pending', pollAfterSeconds: 10 });
    const done = await pollUntilDone(() =>
      provider.poll({ model: MODEL, providerJobId: submitted.providerJobId }, { apiKey: KEY }),
    );
    expect(done).toMatchObject({
      state: 'succeeded',
      media: {
        url: expect.stringMatching(new RegExp(`^${fake.url}/v1beta/files/`)),
        contentType: 'video/mp4',
        headers: { 'x-goog-api-key': KEY },
      },
    });
    if (done.state !== 'succeeded') throw new Error('not succeeded');

    const opened = await mediaSource.open(done.media, 10_000_000);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(Buffer.from(chunk as Uint8Array));
    const operation = fake.operations.get(submitted.providerJobId)!;
    expect(Buffer.concat(chunks)).toEqual(syntheticMp4(operation.fileId, 4));
    expect(opened.contentType).toBe('video/mp4');
  });

  it('never sends the API key across a redirect to another origin', async () => {
    const provider = ours();
    const submitted = await provider.submit(provider.prepare({ prompt: 'Cross origin' }), { apiKey: KEY });
    await pollUntilDone(() => provider.poll({ model: MODEL, providerJobId: submitted.providerJobId }, { apiKey: KEY }));
    const { fileId } = fake.operations.get(submitted.providerJobId)!;
    const opened = await mediaSource.open(
      { url: `${imagesUrl}/relay/${fileId}.mp4`, headers: { 'x-goog-api-key': KEY } },
      10_000_000,
    );
    opened.body.resume();
    const storageRead = fake.calls.filter((call) => call.path === `/storage/${fileId}.mp4`).at(-1)!;
    expect(storageRead.key).toBeUndefined();
  });

  it('fails the job with the provider message, or the safety filter reason', async () => {
    fake.scriptOutcomes('fail', 'filtered');
    const provider = ours();
    const outcomes = [];
    for (const prompt of ['Fails', 'Filtered']) {
      const submitted = await provider.submit(provider.prepare({ prompt }), { apiKey: KEY });
      outcomes.push(
        await pollUntilDone(() =>
          provider.poll({ model: MODEL, providerJobId: submitted.providerJobId }, { apiKey: KEY }),
        ),
      );
    }
    expect(outcomes).toEqual([
      {
        state: 'failed',
        message: 'Provider one could not generate the video: The prompt could not be used: it names a real person.',
      },
      {
        state: 'failed',
        message: "Provider one's safety filters withheld the video: The video was withheld by the safety filters.",
      },
    ]);
  });

  it('maps provider errors: a bad key, throttling with Retry-After, a refused input, and a submit with no answer', async () => {
    const provider = ours();
    const job = provider.prepare({ prompt: 'p' });
    await expect(provider.submit(job, { apiKey: 'AIzaWrong' })).rejects.toThrow(UpstreamError);
    await expect(provider.submit(job, { apiKey: 'AIzaWrong' })).rejects.toThrow(/refused the credential/);
    fake.faults.inject({
      action: 'submit',
      status: 429,
      headers: { 'retry-after': '42' },
      body: { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } },
    });
    await expect(provider.submit(job, { apiKey: KEY })).rejects.toMatchObject({
      constructor: RateLimitedError,
      retryAfterSeconds: 42,
    });
    fake.faults.inject({
      action: 'submit',
      status: 400,
      body: { error: { code: 400, message: 'Unsupported resolution for this model.', status: 'INVALID_ARGUMENT' } },
    });
    await expect(provider.submit(job, { apiKey: KEY })).rejects.toThrow(
      new ValidationError('Provider one refused the input: Unsupported resolution for this model.'),
    );
    fake.faults.inject({ action: 'submit', status: 200, body: {} });
    await expect(provider.submit(job, { apiKey: KEY })).rejects.toThrow(SubmitOutcomeUnknownError);
    const before = fake.calls.length;
    await expect(
      veoProvider({ baseUrl: 'http://127.0.0.1:9', media: mediaSource }).submit(job, { apiKey: KEY }),
    ).rejects.toThrow(SubmitOutcomeUnknownError);
    expect(fake.calls.length).toBe(before);
  });

  it('fetches URL references under the outbound rules and inlines them; a reference that is not an image fails before the submit', async () => {
    const provider = ours();
    await provider.submit(provider.prepare({ prompt: 'From a URL', image: { url: `${imagesUrl}/frame.png` } }), {
      apiKey: KEY,
    });
    expect((lastSubmit().body as { instances: { image: unknown }[] }).instances[0]!.image).toEqual({
      bytesBase64Encoded: PNG.toString('base64'),
      mimeType: 'image/png',
    });
    const submits = fake.calls.filter((call) => call.method === 'POST').length;
    await expect(
      provider.submit(provider.prepare({ prompt: 'p', image: { url: `${imagesUrl}/page.html` } }), { apiKey: KEY }),
    ).rejects.toThrow('imageUrl: provider one takes PNG, JPEG or WebP images, not text/html');
    await expect(
      provider.submit(provider.prepare({ prompt: 'p', referenceImages: [{ url: `${imagesUrl}/missing.png` }] }), {
        apiKey: KEY,
      }),
    ).rejects.toThrow(/^referenceImageUrls\[0\]: the image could not be fetched/);
    expect(fake.calls.filter((call) => call.method === 'POST').length).toBe(submits);
  });
});
