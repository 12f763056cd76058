// integration: every usage entry a run causes names its execution — a canvas with a video node and the
// two speech nodes runs through the local state machine (DynamoDB Local, s3rver, loopback fal and
// ElevenLabs), then its charges are read back as a client would: through the transactions route
// (`resource.executionId`) and in the FOCUS export (the node as ResourceId, the run as x_ExecutionId).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { grantCredits } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { startElevenLabsFake, type ElevenLabsFake } from '../support/fakes/elevenlabs-server.ts';
import { startFalFake, type FalFake } from '../support/fakes/fal-server.ts';
import { Client, startRunsStack, type RunsStack } from './support/runs-stack.ts';
import { connect, runToEnd } from './support/generation-runs.ts';

const FAL_KEY = 'key-id-9:0123456789abcdef0123';
const SPEECH_KEY = 'sk_0123456789abcdef0123456789abcdef';
const ENV_NAMES = ['FAL_KEY', 'PROVIDER_TWO_BASE_URL', 'OUTBOUND_ALLOW_HOSTS', 'ELEVENLABS_API_KEY', 'SPEECH_BASE_URL'];

let fal: FalFake;
let speech: ElevenLabsFake;
let stack: RunsStack;
let client: Client;

beforeAll(async () => {
  fal = await startFalFake({ key: FAL_KEY, pollsUntilDone: 1 });
  speech = await startElevenLabsFake({ key: SPEECH_KEY });
  stack = await startRunsStack({
    FAL_KEY,
    PROVIDER_TWO_BASE_URL: fal.url,
    OUTBOUND_ALLOW_HOSTS: new URL(fal.url).host,
    ELEVENLABS_API_KEY: SPEECH_KEY,
    SPEECH_BASE_URL: speech.url,
  });
  client = new Client(stack.baseUrl, stack.key);
  await grantCredits(
    {
      workspaceId: stack.workspaceId,
      credits: 5000,
      reason: 'run usage tests',
      grantedBy: 'test',
      operationId: 'run-usage-grant',
    },
    { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() },
  );
});

afterAll(async () => {
  await stack?.stop();
  await fal?.close();
  await speech?.close();
  for (const name of ENV_NAMES) delete process.env[name];
});

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('usage a run causes', () => {
  it('names its execution: resource.executionId on each entry, x_ExecutionId beside the node ResourceId in FOCUS', async () => {
    // Prepare: prompt → video → out, and prompt → audio-generation → speech-to-speech → out
    const board = await client.createCanvas('Run usage');
    await client.addNode(board, { id: 'prompt', type: 'prompt', data: { prompt: 'Waves on a pier' } });
    await client.addNode(board, {
      id: 'video',
      type: 'video-generation',
      data: { provider: 'provider-two', endpointId: 'fal-ai/wan/v2.7/text-to-video', modelParams: { duration: 5 } },
    });
    await client.addNode(board, { id: 'speak', type: 'audio-generation', data: {} });
    await client.addNode(board, { id: 'revoice', type: 'speech-to-speech', data: { voice: 'pNInz6obpgDQGcFmaJgB' } });
    await client.addNode(board, { id: 'out', type: 'output' });
    await connect(
      client,
      board,
      ['prompt.prompt-out', 'video.prompt-in'],
      ['prompt.prompt-out', 'speak.text-in'],
      ['speak.audio-out', 'revoice.audio-in'],
      ['video.video-out', 'out.value-in'],
      ['revoice.audio-out', 'out.value-in'],
    );

    // Act
    const { accepted, done } = await runToEnd(client, board, 45_000);
    const executionId = accepted.body.executionId as string;
    const transactions = (await client.request('GET', '/api/mcp/credits/transactions', { query: { limit: '50' } })).body
      .items;
    const now = Date.now();
    const focusUrl = new URL('/api/billing/focus-export', stack.baseUrl);
    focusUrl.search = new URLSearchParams({ from: day(now - 86_400_000), to: day(now + 86_400_000) }).toString();
    const focus = await fetch(focusUrl, { headers: { authorization: `Bearer ${stack.key}` } });
    const jsonl = await focus.text();

    // Assess: three charges, one per generating node, each naming the run and its node
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const charges = transactions.filter((entry: { operationId: string }) =>
      entry.operationId.startsWith(`run:${executionId}:`),
    );
    expect(charges.map((entry: { resource: { nodeId: string } }) => entry.resource.nodeId).sort()).toEqual([
      'revoice',
      'speak',
      'video',
    ]);
    for (const entry of charges) {
      expect(entry).toMatchObject({
        type: 'usage',
        resource: { canvasId: board, executionId, nodeId: expect.any(String) },
      });
    }
    expect(focus.status, jsonl).toBe(200);
    const rows = jsonl
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofRun = rows.filter((row) => row.x_ExecutionId === executionId);
    expect(ofRun.map((row) => row.ResourceId).sort()).toEqual([`${board}/revoice`, `${board}/speak`, `${board}/video`]);
    for (const row of ofRun)
      expect(row).toMatchObject({
        ChargeCategory: 'Usage',
        ResourceType: 'Canvas Node',
        x_CanvasId: board,
        x_CreditEntryCount: 1,
      });
  });
});
