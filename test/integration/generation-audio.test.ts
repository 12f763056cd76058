// integration: speech end to end — POST /api/generate-audio over HTTP against the local stack and a
// loopback server speaking ElevenLabs' TTS (JSON) and STS (multipart) calls with real MP3 bytes, our
// fetch client in between; and the audio-generation and speech-to-speech nodes through the state
// machine. The asset holds the provider's bytes; credits are charged once per operation (a retried
// Idempotency-Key calls the provider once); a provider failure releases the hold; our rate limit 429s;
// clamped values reach the provider clamped; policy refusals are 403s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { durableKeyOf } from '#core/assets/model';
import { grantCredits } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { startElevenLabsFake, type ElevenLabsFake } from '../support/fakes/elevenlabs-server.ts';
import { Client, otherWorkspace, startRunsStack, type RunsStack } from './support/runs-stack.ts';
import { connect, creditEntriesOf, runToEnd, storedBytes } from './support/generation-runs.ts';

const KEY = 'sk_0123456789abcdef0123456789abcdef';
let fake: ElevenLabsFake;
let stack: RunsStack;
let client: Client;
let canvasId: string;

beforeAll(async () => {
  fake = await startElevenLabsFake({ key: KEY });
  stack = await startRunsStack({ ELEVENLABS_API_KEY: KEY, SPEECH_BASE_URL: fake.url });
  client = new Client(stack.baseUrl, stack.key);
  canvasId = await client.createCanvas('Voice board');
  await grantCredits(
    {
      workspaceId: stack.workspaceId,
      credits: 5000,
      reason: 'audio tests',
      grantedBy: 'test',
      operationId: 'audio-grant',
    },
    { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() },
  );
});

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  for (const name of ['ELEVENLABS_API_KEY', 'SPEECH_BASE_URL']) delete process.env[name];
});

const generate = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/generate-audio', { body: { canvasId, ...body }, headers });
const balance = async () => (await client.request('GET', '/api/mcp/credits/balance')).body;
const entriesOf = (operationId: string) => creditEntriesOf(client, operationId, '100');

describe('POST /api/generate-audio', () => {
  it('speaks text: the MP3 is a durable asset on the canvas, charged once per 1000 characters, clamped values sent clamped', async () => {
    // Act
    const answer = await generate(
      { mode: 'tts', text: 'Hello from the board', stability: 3, speed: 9, seed: -4 },
      { 'idempotency-key': 'tts-1' },
    );

    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'succeeded',
      mode: 'tts',
      model: 'multilingual_v2',
      voice: 'EXAVITQu4vr4xnSDxMaL',
      asset: { kind: 'audio', contentType: 'audio/mpeg' },
    });
    expect(answer.body.adjusted).toEqual(['stability 3 → 1', 'speed 9 → 1.2', 'seed -4 → 0']);
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({
      action: 'tts',
      voice: 'EXAVITQu4vr4xnSDxMaL',
      query: '?output_format=mp3_44100_128',
    });
    expect(call.body).toEqual({
      text: 'Hello from the board',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { stability: 1, speed: 1.2 },
      seed: 0,
    });
    const bytes = await storedBytes(durableKeyOf(stack.workspaceId, answer.body.asset.assetId));
    expect(bytes.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect(bytes.length).toBe(answer.body.asset.size);
    expect(await entriesOf(answer.body.operationId)).toEqual([expect.objectContaining({ type: 'usage', credits: -6 })]);
  });

  it('answers a retry with the same Idempotency-Key from the record: one provider call, one charge', async () => {
    const calls = fake.calls.length;
    const first = await generate({ mode: 'tts', text: 'Only once' }, { 'idempotency-key': 'tts-once' });
    const again = await generate({ mode: 'tts', text: 'Only once' }, { 'idempotency-key': 'tts-once' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body.asset).toEqual(first.body.asset);
    expect(fake.calls.length).toBe(calls + 1);
    expect(await entriesOf(first.body.operationId)).toHaveLength(1);
  });

  it('re-voices base64 audio with background-noise removal, charged by the seconds produced', async () => {
    const source = Buffer.alloc(32_000, 1);
    const answer = await generate({
      mode: 'sts',
      audioBase64: source.toString('base64'),
      removeBackgroundNoise: true,
      voice: 'pNInz6obpgDQGcFmaJgB',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(fake.calls.at(-1)).toMatchObject({
      action: 'sts',
      voice: 'pNInz6obpgDQGcFmaJgB',
      body: { audioBytes: 32_000, model_id: 'eleven_multilingual_sts_v2', remove_background_noise: 'true' },
    });
    const [charge] = await entriesOf(answer.body.operationId);
    expect(charge).toMatchObject({ type: 'usage' });
    expect(charge.credits).toBeLessThan(0);
  });

  it.each([
    [401, 502, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } }, /refused the credential/],
    [422, 400, { detail: [{ loc: ['body', 'text'], msg: 'too long' }] }, /text: too long/],
    [429, 429, { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests' } }, /busy/],
    [500, 502, { detail: { status: 'internal', message: 'boom' } }, /HTTP 500/],
  ])('maps a provider %i to %i, releases the hold and charges nothing', async (status, answered, body, message) => {
    fake.faults.inject({ action: 'tts', status, body, headers: status === 429 ? { 'retry-after': '3' } : {} });
    const before = await balance();
    const answer = await generate({ mode: 'tts', text: 'This one fails' });
    expect(answer.status).toBe(answered);
    expect(answer.body.error).toMatch(message);
    if (answered === 429) expect(answer.headers.get('retry-after')).toBe('3');
    expect(await balance()).toMatchObject({ balance: before.balance, held: before.held });
  });

  it('refuses a voice the policy does not allow on the shared credential (403), calling nothing', async () => {
    await client.request('POST', '/api/integrations/policies', { body: { allowedVoices: ['EXAVITQu4vr4xnSDxMaL'] } });
    try {
      const calls = fake.calls.length;
      const refused = await generate({ mode: 'tts', text: 'x', voice: 'pNInz6obpgDQGcFmaJgB' });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/voice pNInz6obpgDQGcFmaJgB/);
      expect(fake.calls.length).toBe(calls);
    } finally {
      await client.request('POST', '/api/integrations/policies', { body: { allowedVoices: null } });
    }
  });

  it('refuses an operation past the policy’s monthly credit cap (403), calling nothing', async () => {
    await client.request('POST', '/api/integrations/policies', { body: { monthlyCreditCap: 0 } });
    try {
      const calls = fake.calls.length;
      const refused = await generate({ mode: 'tts', text: 'within any balance' });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/monthly cap of 0 credits/);
      expect(fake.calls.length).toBe(calls);
    } finally {
      await client.request('POST', '/api/integrations/policies', { body: { monthlyCreditCap: null } });
    }
  });

  it('refuses an sts source URL that is not public HTTPS (400), calling nothing', async () => {
    const calls = fake.calls.length;
    const refused = await generate({ mode: 'sts', audioUrl: 'https://10.0.0.5/voice.mp3' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/audioUrl must point to a public host/);
    expect(fake.calls.length).toBe(calls);
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After past 30 new operations a minute; replays are not counted', async () => {
    // Prepare: a workspace of its own, so other tests' calls do not count
    const other = await otherWorkspace();
    await grantCredits(
      {
        workspaceId: other.workspaceId,
        credits: 2000,
        reason: 'rate limit test',
        grantedBy: 'test',
        operationId: 'audio-rate-grant',
      },
      { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() },
    );
    const theirs = new Client(stack.baseUrl, other.apiKey);
    const board = await theirs.createCanvas('Rate');
    const call = (key?: string) =>
      theirs.request('POST', '/api/generate-audio', {
        body: { canvasId: board, mode: 'tts', text: 'hi' },
        headers: key ? { 'idempotency-key': key } : {},
      });

    // Act: 62 new operations fall into at most two fixed windows of 30
    const first = await call('replayed-key');
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let index = 0; index < 62; index++) {
      const answer = await call();
      statuses.push(answer.status);
      if (answer.status === 429) limited ??= answer;
    }
    const replay = await call('replayed-key');

    // Assess
    expect(first.status).toBe(201);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited!.body.error).toMatch(/Too many audio generations/);
    expect(replay.status).toBe(200);
  });
});

describe('the audio nodes', () => {
  it('speak and then re-voice through the state machine: text → audio-generation → speech-to-speech → out', async () => {
    // Prepare
    const board = await client.createCanvas('Voice run');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Welcome aboard' } });
    await client.addNode(board, { id: 'speak', type: 'audio-generation', data: {} });
    await client.addNode(board, {
      id: 'revoice',
      type: 'speech-to-speech',
      data: { voice: 'pNInz6obpgDQGcFmaJgB', removeBackgroundNoise: true },
    });
    await client.addNode(board, { id: 'out', type: 'output' });
    await connect(
      client,
      board,
      ['prompt.prompt-out', 'speak.text-in'],
      ['speak.audio-out', 'revoice.audio-in'],
      ['revoice.audio-out', 'out.value-in'],
    );

    // Act
    const { accepted, done } = await runToEnd(client, board, 30_000);

    // Assess
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const spoken = done.outputs.speak['audio-out'];
    const revoiced = done.outputs.revoice['audio-out'];
    expect(spoken).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg' });
    expect(revoiced).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg' });
    const sts = fake.calls.filter((call) => call.action === 'sts').at(-1)!;
    expect(sts.body.audioBytes).toBe(spoken.size);
    expect(sts.body.remove_background_noise).toBe('true');
    expect(await entriesOf(`run:${accepted.body.executionId}:speak:1`)).toHaveLength(1);
    expect(await entriesOf(`run:${accepted.body.executionId}:revoice:1`)).toHaveLength(1);
  });

  it('re-voice an uploaded recording: audio-asset (the upload placed on it) → speech-to-speech → out', async () => {
    // Prepare: a recording uploaded onto the source node; the trigger only starts the run
    const board = await client.createCanvas('Re-voice a recording');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'go' } });
    await client.addNode(board, { id: 'take', type: 'audio-asset' });
    await client.addNode(board, { id: 'revoice', type: 'speech-to-speech', data: { voice: 'pNInz6obpgDQGcFmaJgB' } });
    await client.addNode(board, { id: 'out', type: 'output' });
    await connect(
      client,
      board,
      ['take.audio-out', 'revoice.audio-in'],
      ['prompt.prompt-out', 'out.value-in'],
      ['revoice.audio-out', 'out.value-in'],
    );
    const recording = Buffer.alloc(24_000, 7);
    const uploaded = await client.uploadOnto(board, 'take', {
      name: 'take-1.mp3',
      contentType: 'audio/mpeg',
      bytes: recording,
    });

    // Act
    const { accepted, done } = await runToEnd(client, board, 30_000);

    // Assess: the provider got the uploaded bytes; the source node's value names the upload
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.outputs.take['audio-out']).toEqual({
      assetId: uploaded,
      kind: 'audio',
      contentType: 'audio/mpeg',
      size: recording.length,
      name: 'take-1.mp3',
    });
    const sts = fake.calls.filter((call) => call.action === 'sts').at(-1)!;
    expect(sts.body.audioBytes).toBe(recording.length);
    expect(done.outputs.revoice['audio-out']).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg' });
    expect(await entriesOf(`run:${accepted.body.executionId}:revoice:1`)).toHaveLength(1);
  });

  it('refuse an image on an audio-asset node (400), placing nothing', async () => {
    const board = await client.createCanvas('Wrong kind');
    await client.addNode(board, { id: 'take', type: 'audio-asset' });
    const before = await client.request('GET', '/api/mcp/canvas/state', { query: { canvasId: board } });
    const reserved = await client.request('POST', '/api/mcp/canvas/r2-upload/reserve', {
      body: { canvasId: board, name: 'still.png', contentType: 'image/png', size: 68 },
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
    const { 'Content-Length': _length, ...headers } = reserved.body.upload.headers as Record<string, string>;
    expect((await fetch(reserved.body.upload.url, { method: 'PUT', headers, body: Buffer.alloc(68, 1) })).status).toBe(
      200,
    );

    const finalized = await client.request('POST', '/api/mcp/canvas/r2-upload/finalize', {
      body: { uploadId: reserved.body.uploadId, nodeId: 'take' },
    });

    expect(finalized.status).toBe(400);
    expect(finalized.body.error).toMatch(/Node take \(audio-asset\) takes only audio assets; asset ast_\w+ is image/);
    const after = await client.request('GET', '/api/mcp/canvas/state', { query: { canvasId: board } });
    expect(after.body.version).toBe(before.body.version);
    expect(after.body.nodes.find((n: { id: string }) => n.id === 'take').data).toEqual({});
  });
});
