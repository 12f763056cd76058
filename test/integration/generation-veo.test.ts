// integration: provider one (Veo 3.1 on the Gemini API) end to end — the real handlers over HTTP against
// the local stack (DynamoDB Local, s3rver) and the loopback Gemini stand-in, our fetch client in between.
// Submit holds credits for the requested seconds; polls read the operation, download the finished video
// through Google's file redirect into S3 once and charge once; a failed operation releases the hold; a
// refused request writes nothing; a provider-one token opens nothing on provider two's route; and the
// video-generation node runs Veo through the state machine with the image asset placed on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { grantCredits } from '#core/credits/ledger';
import { durableKeyOf } from '#core/assets/model';
import { priceBook } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { syntheticMp4 } from '../../lib/local/sandbox/synthetic-media.ts';
import { ONE_PIXEL_PNG } from '../support/fixtures/images.ts';
import { startGeminiFake, type GeminiFake } from '../support/fakes/gemini-server.ts';
import { Client, startRunsStack, type RunsStack } from './support/runs-stack.ts';
import { connect, creditEntriesOf, runToEnd, storedBytes } from './support/generation-runs.ts';

const GEMINI_API_KEY = 'AIzaIntegration000000000000000000000000';
/** A workspace's own Gemini key (a provider-one connection). */
const OWN_KEY = 'AIzaWorkspaceOwn00000000000000000000000';
const PNG = ONE_PIXEL_PNG;
const INLINE_PNG = `data:image/png;base64,${PNG.toString('base64')}`;

let fake: GeminiFake;
let stack: RunsStack;
let client: Client;
let canvasId: string;

beforeAll(async () => {
  fake = await startGeminiFake({ key: [GEMINI_API_KEY, OWN_KEY], pollsUntilDone: 2 });
  stack = await startRunsStack({
    GEMINI_API_KEY,
    PROVIDER_ONE_BASE_URL: fake.url,
    OUTBOUND_ALLOW_HOSTS: new URL(fake.url).host,
  });
  client = new Client(stack.baseUrl, stack.key);
  canvasId = await client.createCanvas('Veo board');
  await grantCredits(
    { workspaceId: stack.workspaceId, credits: 5000, reason: 'veo tests', grantedBy: 'test', operationId: 'veo-grant' },
    { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() },
  );
});

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  for (const name of ['GEMINI_API_KEY', 'PROVIDER_ONE_BASE_URL', 'OUTBOUND_ALLOW_HOSTS']) delete process.env[name];
});

const submit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/generate-video', {
    body: { canvasId, prompt: 'A lighthouse at dusk', ...body },
    headers,
  });
const status = (jobId: string, statusToken: string, path = '/api/generate-video') =>
  client.request('GET', path, { query: { jobId, statusToken } });
const balance = async () => (await client.request('GET', '/api/mcp/credits/balance')).body;
const operationFor = (prompt: string) =>
  [...fake.operations.values()].find((operation) => operation.body.instances[0]!.prompt === prompt)!;

describe('POST and GET /api/generate-video', () => {
  it('holds credits for the seconds asked, then downloads the finished video into S3 once and charges once', async () => {
    const before = await balance();
    const submitted = await submit({
      prompt: 'Veo text',
      model: 'veo-3.1-fast-generate-preview',
      modelParams: { duration: 6, seed: 3 },
    });
    const held = await balance();
    const first = await status(submitted.body.jobId, submitted.body.statusToken);
    const done = await status(submitted.body.jobId, submitted.body.statusToken);
    const again = await status(submitted.body.jobId, submitted.body.statusToken);

    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    // Fast is priced 8 credits a second: 6 s hold 48.
    expect(submitted.body).toMatchObject({
      status: 'running',
      provider: 'provider-one',
      model: 'veo-3.1-fast-generate-preview',
      mode: 'text-to-video',
      heldSeconds: 6,
      pollAfterSeconds: 10,
      dropped: ['modelParams.seed'],
    });
    expect(held).toMatchObject({ balance: before.balance, held: before.held + 48 });
    expect(first.body).toMatchObject({ status: 'running' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      status: 'succeeded',
      asset: { kind: 'video', contentType: 'video/mp4' },
      pollAfterSeconds: 0,
    });
    expect(again.body.asset).toEqual(done.body.asset);
    const operation = operationFor('Veo text');
    expect(operation.body.parameters).toEqual({
      sampleCount: 1,
      durationSeconds: 6,
      aspectRatio: '16:9',
      resolution: '720p',
    });
    expect(await storedBytes(durableKeyOf(stack.workspaceId, done.body.asset.assetId))).toEqual(
      syntheticMp4(operation.fileId, 6),
    );
    // The video came through Google's download (with the key) and its redirect to storage, once.
    expect(
      fake.calls.filter((call) => call.path.startsWith(`/v1beta/files/${operation.fileId}:download`)),
    ).toHaveLength(1);
    expect(await balance()).toMatchObject({ balance: before.balance - 48, held: before.held });
  });

  it('sends an inline first and last frame as Gemini image bytes', async () => {
    const submitted = await submit({
      prompt: 'Veo frames',
      imageUrl: INLINE_PNG,
      lastFrameUrl: INLINE_PNG,
      aspectRatio: '9:16',
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    expect(submitted.body).toMatchObject({ mode: 'image-to-video', heldSeconds: 8 });
    const instance = operationFor('Veo frames').body.instances[0]!;
    expect(instance.image).toEqual({ bytesBase64Encoded: PNG.toString('base64'), mimeType: 'image/png' });
    expect(instance.lastFrame).toEqual(instance.image);
  });

  it('refuses what the model cannot do with a 400 naming the field, and writes nothing', async () => {
    const before = await balance();
    const posts = fake.calls.filter((call) => call.method === 'POST').length;
    const mixed = await submit({ imageUrl: INLINE_PNG, referenceImageUrls: [INLINE_PNG] });
    const lite = await submit({
      model: 'veo-3.1-lite-generate-preview',
      imageUrl: INLINE_PNG,
      lastFrameUrl: INLINE_PNG,
    });
    const unknown = await submit({ model: 'veo-2.0-generate-001' });
    expect([mixed.status, lite.status, unknown.status]).toEqual([400, 400, 400]);
    expect(mixed.body.error).toMatch(/^imageUrl: .*reference images or a first and last frame, not both/);
    expect(lite.body.error).toMatch(/^lastFrameUrl: model veo-3.1-lite-generate-preview takes no last frame/);
    expect(unknown.body.error).toMatch(/not a provider-one model/);
    expect(await balance()).toEqual(before);
    expect(fake.calls.filter((call) => call.method === 'POST').length).toBe(posts);
  });

  it('releases the hold when the operation fails, and says why', async () => {
    fake.scriptOutcomes('fail');
    const before = await balance();
    const submitted = await submit({ prompt: 'Veo refused' });
    await status(submitted.body.jobId, submitted.body.statusToken);
    const failed = await status(submitted.body.jobId, submitted.body.statusToken);
    expect(failed.body).toMatchObject({
      status: 'failed',
      error: 'Provider one could not generate the video: The prompt could not be used: it names a real person.',
    });
    expect(await balance()).toMatchObject({ balance: before.balance, held: before.held });
  });

  it("uses the workspace's own key once it has one, and refuses what its policy does not allow (403) before anything is held", async () => {
    const stored = await client.request('POST', '/api/integrations/connections', {
      body: { provider: 'provider-one', credential: { apiKey: OWN_KEY } },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    try {
      const submitted = await submit({ prompt: 'Veo on our own key' });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
      const submitCall = fake.calls.find(
        (call) =>
          call.method === 'POST' &&
          (call.body as { instances?: { prompt?: string }[] }).instances?.[0]?.prompt === 'Veo on our own key',
      )!;
      expect(submitCall.key).toBe(OWN_KEY);
      const polled = await status(submitted.body.jobId, submitted.body.statusToken);
      expect(
        fake.calls
          .filter((call) => call.path === `/v1beta/${operationFor('Veo on our own key').name}`)
          .map((call) => call.key),
      ).toEqual([OWN_KEY]);
      expect(polled.status).toBe(200);

      const set = await client.request('POST', '/api/integrations/policies', {
        body: { allowedModels: ['veo-3.1-fast-generate-preview'] },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const before = await balance();
      const refused = await submit({ prompt: 'Veo not allowed' });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/veo-3\.1-generate-preview/);
      expect(await balance()).toEqual(before);
    } finally {
      await client.request('POST', '/api/integrations/policies', { body: { allowedModels: null } });
      await client.request('POST', '/api/integrations/connections/revoke', { body: { provider: 'provider-one' } });
    }
  });

  it("opens nothing on provider two's status route with a provider-one job and its token", async () => {
    const submitted = await submit({ prompt: 'Veo token' });
    const crossed = await status(submitted.body.jobId, submitted.body.statusToken, '/api/fal/generate-video');
    expect(crossed.status).toBe(404);
    expect(crossed.body.error).toBe(`Video job ${submitted.body.jobId} not found`);
  });
});

describe('the video-generation node on provider one', () => {
  it('runs Veo through the state machine with the image placed on the node as its first frame', async () => {
    // Prepare: prompt → video (provider one, an uploaded image placed on it) → out
    const board = await client.createCanvas('Veo run');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Veo from the placed image' } });
    await client.addNode(board, {
      id: 'video',
      type: 'video-generation',
      data: { provider: 'provider-one', modelParams: { duration: 4 } },
    });
    await client.addNode(board, { id: 'out', type: 'output' });
    await connect(client, board, ['prompt.prompt-out', 'video.prompt-in'], ['video.video-out', 'out.value-in']);
    await client.uploadOnto(board, 'video', { name: 'first-frame.png', contentType: 'image/png', bytes: PNG });
    const before = await balance();

    // Act
    const { accepted, done } = await runToEnd(client, board, 60_000);

    // Assess: Veo 3.1 (professional, 35 credits a second) × 4 s, charged once for the run attempt
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const video = done.outputs.video['video-out'];
    expect(video).toMatchObject({ assetId: expect.stringMatching(/^ast_/), kind: 'video', contentType: 'video/mp4' });
    const operation = operationFor('Veo from the placed image');
    expect(operation.model).toBe('veo-3.1-generate-preview');
    expect(operation.body.instances[0]!.image).toEqual({
      bytesBase64Encoded: PNG.toString('base64'),
      mimeType: 'image/png',
    });
    expect(await storedBytes(durableKeyOf(stack.workspaceId, video.assetId))).toEqual(
      syntheticMp4(operation.fileId, 4),
    );
    expect(await creditEntriesOf(client, `run:${accepted.body.executionId}:video:1`)).toEqual([
      expect.objectContaining({ type: 'usage', credits: -140 }),
    ]);
    expect((await balance()).balance).toBe(before.balance - 140);
  });

  it('sends the images as reference images in reference-to-video mode', async () => {
    const board = await client.createCanvas('Veo references');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Veo from references' } });
    await client.addNode(board, {
      id: 'video',
      type: 'video-generation',
      data: { provider: 'provider-one', mode: 'reference-to-video' },
    });
    await connect(client, board, ['prompt.prompt-out', 'video.prompt-in']);
    await client.uploadOnto(board, 'video', { name: 'character.png', contentType: 'image/png', bytes: PNG });

    const { done } = await runToEnd(client, board, 60_000);

    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const instance = operationFor('Veo from references').body.instances[0]!;
    expect(instance.referenceImages).toEqual([
      { image: { bytesBase64Encoded: PNG.toString('base64'), mimeType: 'image/png' }, referenceType: 'ASSET' },
    ]);
    expect(instance.image).toBeUndefined();
  });

  it('interpolates from a first to a last frame given by two image-asset nodes (image-in, last-frame-in)', async () => {
    // Prepare: two uploads, each on its own source node, beside the prompt
    const board = await client.createCanvas('Veo frames from sources');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Veo between two frames' } });
    await client.addNode(board, { id: 'first', type: 'image-asset' });
    await client.addNode(board, { id: 'last', type: 'image-asset' });
    await client.addNode(board, {
      id: 'video',
      type: 'video-generation',
      data: { provider: 'provider-one', modelParams: { duration: 4 } },
    });
    await connect(
      client,
      board,
      ['prompt.prompt-out', 'video.prompt-in'],
      ['first.image-out', 'video.image-in'],
      ['last.image-out', 'video.last-frame-in'],
    );
    const lastPng = Buffer.concat([PNG, Buffer.from('last')]);
    await client.uploadOnto(board, 'first', { name: 'first.png', contentType: 'image/png', bytes: PNG });
    await client.uploadOnto(board, 'last', { name: 'last.png', contentType: 'image/png', bytes: lastPng });

    // Act
    const { done } = await runToEnd(client, board, 60_000);

    // Assess: Gemini got each frame in its own field
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(Object.keys(done.nodes).sort()).toEqual(['first', 'last', 'prompt', 'video']);
    const instance = operationFor('Veo between two frames').body.instances[0]!;
    expect(instance.image).toEqual({ bytesBase64Encoded: PNG.toString('base64'), mimeType: 'image/png' });
    expect(instance.lastFrame).toEqual({ bytesBase64Encoded: lastPng.toString('base64'), mimeType: 'image/png' });
  });

  it('fails the run at the source node when its image was trashed after it was placed, submitting nothing', async () => {
    const board = await client.createCanvas('Veo trashed source');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Veo never submitted' } });
    await client.addNode(board, { id: 'first', type: 'image-asset' });
    await client.addNode(board, { id: 'video', type: 'video-generation', data: { provider: 'provider-one' } });
    await connect(client, board, ['prompt.prompt-out', 'video.prompt-in'], ['first.image-out', 'video.image-in']);
    const assetId = await client.uploadOnto(board, 'first', {
      name: 'gone.png',
      contentType: 'image/png',
      bytes: PNG,
    });
    expect((await client.request('POST', '/api/mcp/workspace/assets/trash', { body: { assetId } })).status).toBe(200);
    const before = await balance();

    const { done } = await runToEnd(client, board, 60_000);

    expect(done.status).toBe('failed');
    expect(done.error).toEqual({
      nodeId: 'first',
      message: `Asset ${assetId} on the image-asset node is in the trash; restore it or place another`,
    });
    expect(done.nodes.video.status).toBe('pending');
    expect(
      [...fake.operations.values()].some((operation) => operation.body.instances[0]!.prompt === 'Veo never submitted'),
    ).toBe(false);
    expect(await balance()).toEqual(before);
  });
});
