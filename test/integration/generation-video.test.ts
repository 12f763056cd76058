// integration: provider two's video routes end to end — the real handlers over HTTP against the local
// stack (DynamoDB Local, s3rver) and a loopback server speaking fal's queue protocol, our fetch client
// in between. Submit holds credits and answers a signed status token; polls copy the finished video into
// S3 once and charge once, whatever repeats; a provider failure releases the hold; an Idempotency-Key
// makes a retried submit the same job (one provider POST); tokens are bound to workspace, canvas and
// job; reference URLs pass the outbound rules; policy refusals are 403s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { grantCredits, type CreditDeps } from '#core/credits/ledger';
import { durableKeyOf } from '#core/assets/model';
import { priceBook } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { syntheticMp4 } from '../../lib/local/sandbox/synthetic-media.ts';
import { ONE_PIXEL_PNG } from '../support/fixtures/images.ts';
import { startFalFake, type FalFake } from '../support/fakes/fal-server.ts';
import { Client, otherWorkspace, startRunsStack, type RunsStack } from './support/runs-stack.ts';
import { connect, creditEntriesOf, runToEnd, storedBytes } from './support/generation-runs.ts';

const FAL_KEY = 'key-id-9:0123456789abcdef0123';
const KLING = 'fal-ai/kling-video/v3/pro/image-to-video';
/** A public IP literal: judged without DNS (the test machine has none). */
const IMAGE = 'https://93.184.216.34/lighthouse.png';
const PNG = ONE_PIXEL_PNG;

let fake: FalFake;
let stack: RunsStack;
let client: Client;
let canvasId: string;
let credits: CreditDeps;

beforeAll(async () => {
  fake = await startFalFake({ key: FAL_KEY, pollsUntilDone: 2 });
  stack = await startRunsStack({
    FAL_KEY,
    PROVIDER_TWO_BASE_URL: fake.url,
    OUTBOUND_ALLOW_HOSTS: new URL(fake.url).host,
  });
  client = new Client(stack.baseUrl, stack.key);
  canvasId = await client.createCanvas('Video board');
  credits = { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() };
  await grantCredits(
    {
      workspaceId: stack.workspaceId,
      credits: 5000,
      reason: 'video tests',
      grantedBy: 'test',
      operationId: 'video-grant',
    },
    credits,
  );
});

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  for (const name of ['FAL_KEY', 'PROVIDER_TWO_BASE_URL', 'OUTBOUND_ALLOW_HOSTS']) delete process.env[name];
});

const submit = (body: Record<string, unknown>, headers: Record<string, string> = {}, key?: string) =>
  client.request('POST', '/api/fal/generate-video', {
    body: {
      canvasId,
      prompt: 'A lighthouse at dusk',
      endpointId: KLING,
      imageUrl: IMAGE,
      modelParams: { duration: 5 },
      ...body,
    },
    headers,
    key,
  });
const status = (jobId: string, statusToken: string, key?: string) =>
  client.request('GET', '/api/fal/generate-video', { query: { jobId, statusToken }, key });
const balance = async () => (await client.request('GET', '/api/mcp/credits/balance')).body;
const submits = () => fake.calls.filter((call) => call.method === 'POST').length;

describe('POST and GET /api/fal/generate-video', () => {
  it(
    'holds credits at submit, then copies the ' +
      'finished video into ' +
      'S3 once and charges once, ' +
      'however often it ' +
      'is polled',
    async () => {
      // Prepare
      const before = await balance();

      // Act: submit, then poll until done, then poll again (twice, at once)
      const submitted = await submit({});
      const held = await balance();
      const first = await status(submitted.body.jobId, submitted.body.statusToken);
      const done = await status(submitted.body.jobId, submitted.body.statusToken);
      const again = await Promise.all([
        status(submitted.body.jobId, submitted.body.statusToken),
        status(submitted.body.jobId, submitted.body.statusToken),
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
      expect(await balance()).toMatchObject({ balance: before.balance - 175, held: 0 });
      const usage = await creditEntriesOf(client, `video:${submitted.body.jobId}`);
      expect(usage).toHaveLength(1);
      expect(usage[0]).toMatchObject({ type: 'usage', credits: -175 });
      const canvasAssets = await client.request('GET', '/api/mcp/canvas/assets', { query: { canvasId } });
      expect(canvasAssets.body.items.map((asset: { id: string }) => asset.id)).toContain(done.body.asset.assetId);
      expect(job.resultReads).toBe(1);
    },
  );

  it('makes a retried submit with the same Idempotency-Key the same job: one provider POST, one hold', async () => {
    const before = submits();
    const first = await submit({ prompt: 'Same job twice' }, { 'idempotency-key': 'video-key-1' });
    const second = await submit({ prompt: 'Same job twice' }, { 'idempotency-key': 'video-key-1' });
    expect(first.status).toBe(202);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    expect(second.body.jobId).toBe(first.body.jobId);
    expect(submits()).toBe(before + 1);
  });

  it('releases the hold when the provider fails the job, and says why', async () => {
    fake.scriptOutcomes('fail');
    const before = await balance();
    const submitted = await submit({ prompt: 'Flagged prompt' });
    await status(submitted.body.jobId, submitted.body.statusToken);
    const failed = await status(submitted.body.jobId, submitted.body.statusToken);
    expect(failed.body).toMatchObject({ status: 'failed', error: expect.stringContaining('flagged') });
    // Other tests' jobs may still hold credits: this job's hold is gone, nothing was charged.
    expect(await balance()).toMatchObject({ balance: before.balance, held: before.held });
    expect(await creditEntriesOf(client, `video:${submitted.body.jobId}`)).toEqual([]);
  });

  it('binds the status token to its workspace, canvas and job', async () => {
    const one = await submit({ prompt: 'Token one' });
    const two = await submit({ prompt: 'Token two' });
    const [body, signature] = one.body.statusToken.split('.');
    const claims = { ...JSON.parse(Buffer.from(body, 'base64url').toString()), j: two.body.jobId };
    const tampered = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const other = await otherWorkspace();

    expect((await status(one.body.jobId, tampered)).status).toBe(401);
    expect((await status(two.body.jobId, one.body.statusToken)).status).toBe(404);
    expect((await status(one.body.jobId, 'not.a-token')).status).toBe(401);
    expect((await status(one.body.jobId, one.body.statusToken, other.apiKey)).status).toBe(403);
    expect((await status(one.body.jobId, one.body.statusToken)).status).toBe(200);
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
    const [before, calls] = [await balance(), submits()];
    const answer = await submit(body);
    expect([400, 404]).toContain(answer.status);
    expect(answer.body.error).toMatch(message);
    expect(submits()).toBe(calls);
    expect(await balance()).toEqual(before);
  });

  it("refuses what the workspace's policy does not allow (403 with the reason), at submit", async () => {
    const set = await client.request('POST', '/api/integrations/policies', {
      body: { allowedProviders: ['provider-one'] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    try {
      const refused = await submit({ prompt: 'Not allowed' });
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
    const calls = submits();
    const refused = await client.request('POST', '/api/fal/generate-video', {
      body: { canvasId: theirCanvas, prompt: 'x', endpointId: KLING, imageUrl: IMAGE },
      key: other.apiKey,
    });
    expect(refused.status).toBe(402);
    expect(submits()).toBe(calls);
  });
});

describe('the video-generation node', () => {
  it(
    'runs through the state machine: submit, ' +
      'Wait, poll, and a ' +
      'durable video on video-out, ' +
      'charged once for ' +
      'its run attempt',
    async () => {
      // Prepare: prompt → video (Wan 2.7, 5 s) → out
      const board = await client.createCanvas('Video run');
      await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Waves on a pier' } });
      await client.addNode(board, {
        id: 'video',
        type: 'video-generation',
        data: {
          provider: 'provider-two',
          endpointId: 'fal-ai/wan/v2.7/text-to-video',
          modelParams: { duration: 5, not_a_param: true },
        },
      });
      await client.addNode(board, { id: 'out', type: 'output' });
      await connect(client, board, ['prompt.prompt-out', 'video.prompt-in'], ['video.video-out', 'out.value-in']);
      const before = await balance();

      // Act
      const { accepted, done } = await runToEnd(client, board, 45_000);

      // Assess
      expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
      const video = done.outputs.video['video-out'];
      expect(video).toMatchObject({ assetId: expect.stringMatching(/^ast_/), kind: 'video', contentType: 'video/mp4' });
      const job = [...fake.jobs.values()].find((candidate) => candidate.input.prompt === 'Waves on a pier')!;
      expect(job.endpointId).toBe('fal-ai/wan/v2.7/text-to-video');
      expect(await storedBytes(durableKeyOf(stack.workspaceId, video.assetId))).toEqual(syntheticMp4(job.requestId, 5));
      const charges = await creditEntriesOf(client, `run:${accepted.body.executionId}:video:1`);
      expect(charges).toEqual([expect.objectContaining({ type: 'usage', credits: -50 })]);
      expect((await balance()).balance).toBe(before.balance - 50);
      const timeline = (
        await client.request('GET', '/api/mcp/executions/timeline', {
          query: { executionId: accepted.body.executionId },
        })
      ).body;
      expect(JSON.stringify(timeline)).toContain('modelParams.not_a_param is not supported');
    },
  );

  it('fails the node with the provider message and releases the hold when the job fails', async () => {
    fake.scriptOutcomes('fail');
    const board = await client.createCanvas('Failing video');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Flagged at the provider' } });
    await client.addNode(board, {
      id: 'video',
      type: 'video-generation',
      data: { endpointId: 'fal-ai/wan/v2.7/text-to-video' },
    });
    await connect(client, board, ['prompt.prompt-out', 'video.prompt-in']);
    const before = await balance();

    const { done } = await runToEnd(client, board, 45_000);

    expect(done.status).toBe('failed');
    expect(JSON.stringify(done.error)).toContain('flagged');
    expect(await balance()).toMatchObject({ balance: before.balance, held: before.held });
  });
});

describe('the video-generation node on the default endpoint (reference-to-video)', () => {
  it('sends the image placed on the node as a reference image (image_urls), not as a first frame', async () => {
    const board = await client.createCanvas('Reference video');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Keep this character' } });
    await client.addNode(board, { id: 'video', type: 'video-generation', data: { modelParams: { duration: 4 } } });
    await connect(client, board, ['prompt.prompt-out', 'video.prompt-in']);
    await client.uploadOnto(board, 'video', { name: 'character.png', contentType: 'image/png', bytes: PNG });

    const { done } = await runToEnd(client, board, 45_000);

    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const job = [...fake.jobs.values()].find((candidate) => candidate.input.prompt === 'Keep this character')!;
    expect(job.endpointId).toBe('bytedance/seedance-2.0/reference-to-video');
    expect(job.input.image_urls).toEqual([`data:image/png;base64,${PNG.toString('base64')}`]);
  });
});

describe('the video-generation node with stored references from source nodes', () => {
  it(
    'sends image, video and audio assets to a ' +
      'reference-to-video ' +
      'endpoint: images inline, video ' +
      'and audio as ' +
      'presigned GETs of our bucket',
    async () => {
      // Prepare: one source node per kind, each holding an upload, all feeding the default endpoint
      const board = await client.createCanvas('References from sources');
      await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Dance like the clip' } });
      await client.addNode(board, { id: 'still', type: 'image-asset' });
      await client.addNode(board, { id: 'clip', type: 'video-asset' });
      await client.addNode(board, { id: 'beat', type: 'audio-asset' });
      await client.addNode(board, { id: 'video', type: 'video-generation', data: { modelParams: { duration: 4 } } });
      await connect(
        client,
        board,
        ['prompt.prompt-out', 'video.prompt-in'],
        ['still.image-out', 'video.image-in'],
        ['clip.video-out', 'video.reference-video-in'],
        ['beat.audio-out', 'video.reference-audio-in'],
      );
      const clipBytes = syntheticMp4('reference-clip', 2);
      const beatBytes = Buffer.alloc(4096, 9);
      await client.uploadOnto(board, 'still', { name: 'dancer.png', contentType: 'image/png', bytes: PNG });
      await client.uploadOnto(board, 'clip', { name: 'moves.mp4', contentType: 'video/mp4', bytes: clipBytes });
      await client.uploadOnto(board, 'beat', { name: 'beat.mp3', contentType: 'audio/mpeg', bytes: beatBytes });

      // Act
      const { done } = await runToEnd(client, board, 45_000);

      // Assess: each reference under Seedance's own field; the URLs serve the very bytes uploaded
      expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
      const job = [...fake.jobs.values()].find((candidate) => candidate.input.prompt === 'Dance like the clip')!;
      expect(job.endpointId).toBe('bytedance/seedance-2.0/reference-to-video');
      expect(job.input.image_urls).toEqual([`data:image/png;base64,${PNG.toString('base64')}`]);
      const [videoUrl] = job.input.video_urls as string[];
      const [audioUrl] = job.input.audio_urls as string[];
      expect(new URL(videoUrl!).searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(Buffer.from(await (await fetch(videoUrl!)).arrayBuffer())).toEqual(clipBytes);
      expect(Buffer.from(await (await fetch(audioUrl!)).arrayBuffer())).toEqual(beatBytes);
    },
  );

  it('fails the node, submitting nothing, when the endpoint takes no reference videos', async () => {
    const board = await client.createCanvas('Kling with a clip');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Kling cannot take the clip' } });
    await client.addNode(board, { id: 'clip', type: 'video-asset' });
    await client.addNode(board, { id: 'video', type: 'video-generation', data: { endpointId: KLING } });
    await connect(
      client,
      board,
      ['prompt.prompt-out', 'video.prompt-in'],
      ['clip.video-out', 'video.reference-video-in'],
    );
    await client.uploadOnto(board, 'video', { name: 'first.png', contentType: 'image/png', bytes: PNG });
    await client.uploadOnto(board, 'clip', {
      name: 'clip.mp4',
      contentType: 'video/mp4',
      bytes: syntheticMp4('kling-clip', 1),
    });
    const before = await balance();

    const { done } = await runToEnd(client, board, 45_000);

    expect(done.status).toBe('failed');
    expect(done.error).toEqual({
      nodeId: 'video',
      message: expect.stringMatching(
        /^referenceVideoUrls: endpoint fal-ai\/kling-video\/v3\/pro\/image-to-video .* takes no video references/,
      ),
    });
    expect([...fake.jobs.values()].some((candidate) => candidate.input.prompt === 'Kling cannot take the clip')).toBe(
      false,
    );
    expect(await balance()).toEqual(before);
  });
});

describe('cancelling a run while its video node waits', () => {
  it('stops the provider job and releases the hold', async () => {
    // Prepare: a job that stays queued for many polls
    const board = await client.createCanvas('Cancelled video');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Cancel me please' } });
    await client.addNode(board, {
      id: 'video',
      type: 'video-generation',
      data: { endpointId: 'fal-ai/wan/v2.7/text-to-video' },
    });
    await connect(client, board, ['prompt.prompt-out', 'video.prompt-in']);
    const before = await balance();
    const accepted = await client.run({ canvasId: board, triggerNodeId: 'prompt' });
    await client.waitFor(
      accepted.body.executionId,
      (run) => run.nodes?.video?.status === 'waiting',
      'the video node waiting',
      15_000,
    );
    const job = [...fake.jobs.values()].find((candidate) => candidate.input.prompt === 'Cancel me please')!;

    // Act
    const cancelled = await client.request('POST', '/api/mcp/executions/cancel', {
      body: { executionId: accepted.body.executionId },
    });

    // Assess
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(fake.calls.some((call) => call.method === 'PUT' && call.path.includes(job.requestId))).toBe(true);
    expect(await balance()).toMatchObject({ balance: before.balance, held: before.held });
  });
});
