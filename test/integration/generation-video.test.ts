// integration: provider two's video routes end to end — the real handlers over HTTP against the local
// stack (DynamoDB Local, s3rver) and a loopback server speaking fal's queue protocol, our fetch client
// in between. Submit holds credits and answers a signed status token; polls copy the finished video into
// S3 once and charge once, whatever repeats; a provider failure releases the hold; an Idempotency-Key
// makes a retried submit the same job (one provider POST); tokens are bound to workspace, canvas and
// job; reference URLs pass the outbound rules; policy refusals are 403s. The video-generation node:
// generation-video-node.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durableKeyOf } from '#core/assets/model';
import { syntheticMp4 } from '../../lib/local/sandbox/synthetic-media.ts';
import type { FalFake } from '../support/fakes/fal-server.ts';
import { type Client, otherWorkspace, type RunsStack } from './support/runs-stack.ts';
import { creditEntriesOf, storedBytes } from './support/generation-runs.ts';
import {
  IMAGE,
  KLING,
  balance,
  startVideoStack,
  status,
  stopVideoStack,
  submit,
  submits,
  type VideoStack,
} from './support/video-stack.ts';

let videoStack: VideoStack;
let fake: FalFake;
let stack: RunsStack;
let client: Client;
let canvasId: string;

beforeAll(async () => {
  videoStack = await startVideoStack();
  ({ fake, stack, client, canvasId } = videoStack);
});

afterAll(async () => stopVideoStack(videoStack ?? {}));

describe('POST and GET /api/fal/generate-video', () => {
  it('holds credits at submit, then copies the finished video into S3 once and charges once, however often it is polled', async () => {
    // Prepare
    const before = await balance(videoStack);

    // Act: submit, then poll until done, then poll again (twice, at once)
    const submitted = await submit(videoStack, {});
    const held = await balance(videoStack);
    const first = await status(videoStack, submitted.body.jobId, submitted.body.statusToken);
    const done = await status(videoStack, submitted.body.jobId, submitted.body.statusToken);
    const again = await Promise.all([
      status(videoStack, submitted.body.jobId, submitted.body.statusToken),
      status(videoStack, submitted.body.jobId, submitted.body.statusToken),
    ]);

    // Assess
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    expect(submitted.body).toMatchObject({
      jobId: expect.stringMatching(/^vjb_/),
      status: 'running',
      provider: 'provider-two',
      model: KLING,
      mode: 'image-to-video',
      heldSeconds: 5,
      pollAfterSeconds: 5,
    });
    expect(held).toMatchObject({ balance: before.balance, held: 175 });
    expect(first.body).toMatchObject({ status: 'running' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      status: 'succeeded',
      asset: { kind: 'video', contentType: 'video/mp4' },
      pollAfterSeconds: 0,
    });
    for (const answer of again) expect(answer.body.asset).toEqual(done.body.asset);
    const job = [...fake.jobs.values()].find((candidate) => candidate.input.prompt === 'A lighthouse at dusk')!;
    expect(await storedBytes(durableKeyOf(stack.workspaceId, done.body.asset.assetId))).toEqual(
      syntheticMp4(job.requestId, 5),
    );
    expect(await balance(videoStack)).toMatchObject({ balance: before.balance - 175, held: 0 });
    const usage = await creditEntriesOf(client, `video:${submitted.body.jobId}`);
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ type: 'usage', credits: -175 });
    const canvasAssets = await client.request('GET', '/api/mcp/canvas/assets', { query: { canvasId } });
    expect(canvasAssets.body.items.map((asset: { id: string }) => asset.id)).toContain(done.body.asset.assetId);
    expect(job.resultReads).toBe(1);
  });

  it('makes a retried submit with the same Idempotency-Key the same job: one provider POST, one hold', async () => {
    const before = submits(videoStack);
    const first = await submit(videoStack, { prompt: 'Same job twice' }, { 'idempotency-key': 'video-key-1' });
    const second = await submit(videoStack, { prompt: 'Same job twice' }, { 'idempotency-key': 'video-key-1' });
    expect(first.status).toBe(202);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    expect(second.body.jobId).toBe(first.body.jobId);
    expect(submits(videoStack)).toBe(before + 1);
  });

  it('releases the hold when the provider fails the job, and says why', async () => {
    fake.scriptOutcomes('fail');
    const before = await balance(videoStack);
    const submitted = await submit(videoStack, { prompt: 'Flagged prompt' });
    await status(videoStack, submitted.body.jobId, submitted.body.statusToken);
    const failed = await status(videoStack, submitted.body.jobId, submitted.body.statusToken);
    expect(failed.body).toMatchObject({ status: 'failed', error: expect.stringContaining('flagged') });
    // Other tests' jobs may still hold credits: this job's hold is gone, nothing was charged.
    expect(await balance(videoStack)).toMatchObject({ balance: before.balance, held: before.held });
    expect(await creditEntriesOf(client, `video:${submitted.body.jobId}`)).toEqual([]);
  });

  it('binds the status token to its workspace, canvas and job', async () => {
    const one = await submit(videoStack, { prompt: 'Token one' });
    const two = await submit(videoStack, { prompt: 'Token two' });
    const [body, signature] = one.body.statusToken.split('.');
    const claims = { ...JSON.parse(Buffer.from(body, 'base64url').toString()), j: two.body.jobId };
    const tampered = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const other = await otherWorkspace();

    expect((await status(videoStack, one.body.jobId, tampered)).status).toBe(401);
    expect((await status(videoStack, two.body.jobId, one.body.statusToken)).status).toBe(404);
    expect((await status(videoStack, one.body.jobId, 'not.a-token')).status).toBe(401);
    expect((await status(videoStack, one.body.jobId, one.body.statusToken, other.apiKey)).status).toBe(403);
    expect((await status(videoStack, one.body.jobId, one.body.statusToken)).status).toBe(200);
  });

  it.each([
    ['plain http', { imageUrl: 'http://93.184.216.34/a.png' }, /imageUrl must use https/],
    ['a private address', { imageUrl: 'https://10.1.2.3/a.png' }, /imageUrl must point to a public host/],
    ['cloud metadata', { imageUrl: 'https://169.254.169.254/latest' }, /imageUrl must point to a public host/],
    ['a bad inline image', { imageUrl: 'data:text/html;base64,PGgxPg==' }, /inline image must be/],
    [
      'too many reference images',
      {
        endpointId: 'bytedance/seedance-2.0/reference-to-video',
        imageUrl: undefined,
        referenceImageUrls: Array.from({ length: 10 }, (_, n) => `https://93.184.216.34/${n}.png`),
      },
      /at most 9/,
    ],
    [
      'an unsupported aspect ratio',
      { endpointId: 'fal-ai/wan/v2.7/text-to-video', imageUrl: undefined, aspectRatio: '2:1' },
      /aspectRatio 2:1/,
    ],
    ['no canvas of this workspace', { canvasId: 'cnv_nope' }, /Canvas cnv_nope not found/],
  ])('refuses %s before anything is held or submitted', async (_label, body, message) => {
    const [before, calls] = [await balance(videoStack), submits(videoStack)];
    const answer = await submit(videoStack, body);
    expect([400, 404]).toContain(answer.status);
    expect(answer.body.error).toMatch(message);
    expect(submits(videoStack)).toBe(calls);
    expect(await balance(videoStack)).toEqual(before);
  });

  it("refuses what the workspace's policy does not allow (403 with the reason), at submit", async () => {
    const set = await client.request('POST', '/api/integrations/policies', {
      body: { allowedProviders: ['provider-one'] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    try {
      const refused = await submit(videoStack, { prompt: 'Not allowed' });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/does not allow provider-two/);
    } finally {
      await client.request('POST', '/api/integrations/policies', { body: { allowedProviders: null } });
    }
  });

  it('answers 402 without a provider call when the credits do not cover the hold', async () => {
    const other = await otherWorkspace();
    const theirCanvas = (
      await client.request('POST', '/api/mcp/canvas/create', { body: { name: 'Poor' }, key: other.apiKey })
    ).body.id;
    const calls = submits(videoStack);
    const refused = await client.request('POST', '/api/fal/generate-video', {
      body: { canvasId: theirCanvas, prompt: 'x', endpointId: KLING, imageUrl: IMAGE },
      key: other.apiKey,
    });
    expect(refused.status).toBe(402);
    expect(submits(videoStack)).toBe(calls);
  });
});
