// integration: provider two's adapter (plain fetch, our code) against a loopback server speaking fal's
// queue protocol: submit → IN_QUEUE → IN_PROGRESS → COMPLETED → the video URL; a model error on the
// result; 401, 422 and 429 on submit; a submit the provider never answers is one POST and "unknown",
// never retried; a 5xx on submit is one POST too; cancel; the status path names owner/app only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitedError, UpstreamError, ValidationError } from '#core/errors';
import { SubmitOutcomeUnknownError } from '#core/generation/video-provider';
import { falProvider } from '#adapters/providers/fal';
import { startFalFake, type FalFake } from '../support/fakes/fal-server.ts';

const KEY = 'key-id-1:0123456789abcdef0123';
const credential = { apiKey: KEY };
let fake: FalFake;
const provider = () => falProvider({ baseUrl: fake.url });

beforeAll(async () => {
  fake = await startFalFake({ key: KEY, pollsUntilDone: 3 });
});
afterAll(async () => fake?.close());
beforeEach(() => fake.faults.clear());

const submits = () => fake.calls.filter((call) => call.method === 'POST').length;
const prepared = () =>
  provider().prepare({
    prompt: 'a lighthouse at dusk',
    model: 'fal-ai/kling-video/v3/pro/image-to-video',
    image: { url: 'https://cdn.example.com/a.png' },
    params: { duration: 5 },
  });

describe('falProvider against the queue protocol', () => {
  it('submits once with the key, then polls queued → in progress → completed, and finds the video', async () => {
    // Act
    const submitted = await provider().submit(prepared(), credential);
    const first = await provider().poll(
      { model: 'fal-ai/kling-video/v3/pro/image-to-video', providerJobId: submitted.providerJobId },
      credential,
    );
    const second = await provider().poll(
      { model: 'fal-ai/kling-video/v3/pro/image-to-video', providerJobId: submitted.providerJobId },
      credential,
    );
    const third = await provider().poll(
      { model: 'fal-ai/kling-video/v3/pro/image-to-video', providerJobId: submitted.providerJobId },
      credential,
    );

    // Assess
    const job = fake.jobs.get(submitted.providerJobId)!;
    expect(job.endpointId).toBe('fal-ai/kling-video/v3/pro/image-to-video');
    expect(job.input).toEqual({
      prompt: 'a lighthouse at dusk',
      start_image_url: 'https://cdn.example.com/a.png',
      duration: '5',
    });
    expect(first).toMatchObject({ state: 'pending', position: 0 });
    expect(second).toMatchObject({ state: 'pending' });
    expect(third).toEqual({
      state: 'succeeded',
      media: { url: `${fake.url}/files/${submitted.providerJobId}.mp4`, contentType: 'video/mp4' },
      durationSeconds: 5,
    });
    expect(
      fake.calls
        .filter((call) => call.path.includes(submitted.providerJobId))
        .map((call) => `${call.method} ${call.path}`),
    ).toEqual([
      `GET /fal-ai/kling-video/requests/${submitted.providerJobId}/status`,
      `GET /fal-ai/kling-video/requests/${submitted.providerJobId}/status`,
      `GET /fal-ai/kling-video/requests/${submitted.providerJobId}/status`,
      `GET /fal-ai/kling-video/requests/${submitted.providerJobId}`,
    ]);
  });

  it('reports a model error on the result as a failed job with its message', async () => {
    fake.scriptOutcomes('fail');
    const { providerJobId } = await provider().submit(prepared(), credential);
    const job = { model: 'fal-ai/kling-video/v3/pro/image-to-video', providerJobId };
    for (let poll = 0; poll < 2; poll++) await provider().poll(job, credential);
    expect(await provider().poll(job, credential)).toEqual({
      state: 'failed',
      message: expect.stringContaining('prompt: The prompt was flagged'),
    });
  });

  it.each([
    [401, { detail: 'Unauthorized' }, UpstreamError, /refused the credential/],
    [
      422,
      { detail: [{ loc: ['body', 'duration'], msg: 'Input should be 5 or 10', type: 'enum' }] },
      ValidationError,
      /duration: Input should be 5 or 10/,
    ],
    [429, { detail: 'Too many requests' }, RateLimitedError, /rate limiting/],
    [503, { detail: 'runner_scheduling_failure', error_type: 'runner_scheduling_failure' }, UpstreamError, /HTTP 503/],
  ])('maps a %i on submit to a clear error, with exactly one POST (no retry)', async (status, body, type, message) => {
    const before = submits();
    fake.faults.inject({ action: 'submit', status, body, headers: status === 429 ? { 'retry-after': '7' } : {} });
    const failure = await provider()
      .submit(prepared(), credential)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(type);
    expect(String((failure as Error).message)).toMatch(message);
    if (status === 429) expect((failure as RateLimitedError).retryAfterSeconds).toBe(7);
    expect(submits()).toBe(before + 1);
  });

  it('treats a submit the provider never answers as unknown, after one POST', async () => {
    const before = submits();
    fake.faults.inject({ action: 'submit', hang: true });
    const failure = await falProvider({
      baseUrl: fake.url,
      fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(300) }),
    })
      .submit(prepared(), credential)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SubmitOutcomeUnknownError);
    expect(submits()).toBe(before + 1);
  });

  it('answers a wrong key with 401 from the provider', async () => {
    const failure = await provider()
      .submit(prepared(), { apiKey: 'key-id-1:wrong' })
      .catch((error: unknown) => error);
    expect(String((failure as Error).message)).toMatch(/refused the credential/);
  });

  it('keeps polling through a transient 5xx on status (an error, not a failed job) and cancels a queued job', async () => {
    const { providerJobId } = await provider().submit(prepared(), credential);
    const job = { model: 'fal-ai/kling-video/v3/pro/image-to-video', providerJobId };
    fake.faults.inject({ action: 'status', status: 502 });
    await expect(provider().poll(job, credential)).rejects.toBeInstanceOf(UpstreamError);
    expect(await provider().poll(job, credential)).toMatchObject({ state: 'pending' });
    await provider().cancel(job, credential);
    expect(fake.jobs.get(providerJobId)!.cancelled).toBe(true);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/fal-ai/kling-video/requests/${providerJobId}/cancel`,
    });
  });

  it('reports an unknown job as failed', async () => {
    expect(
      await provider().poll(
        { model: 'fal-ai/kling-video/v3/pro/image-to-video', providerJobId: 'no-such-request' },
        credential,
      ),
    ).toMatchObject({ state: 'failed' });
  });
});
