// integration: local mode's provider stand-ins (lib/local/sandbox) are reachable by the provider clients
// only. A workspace's http-request node or callback URL aimed at a stand-in is refused like any other
// loopback address; a generation through the stand-in still delivers its video (the provider's media
// download is the one outbound request allowed to reach it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import { systemClock } from '#core/clock';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { ENV } from '#adapters/env';
import { Client, startRunsStack, type RunsStack } from './support/runs-stack.ts';

let stack: RunsStack;
let client: Client;
/** The fal stand-in's origin (it also serves the videos it makes). */
let standIn: string;

beforeAll(async () => {
  // No provider account, so local mode starts its stand-ins.
  for (const name of [ENV.providerTwoApiKey, ENV.providerTwoBaseUrl, ENV.outboundAllowHosts]) delete process.env[name];
  stack = await startRunsStack();
  client = new Client(stack.baseUrl, stack.key);
  standIn = new URL(process.env[ENV.providerTwoBaseUrl]!).origin;
});

afterAll(async () => stack?.stop());

describe('local mode: provider stand-ins are for the provider clients only', () => {
  it('refuses an http-request node aimed at a stand-in, as any loopback address', async () => {
    // Prepare: prompt → call (http-request to the stand-in) → out; an error status would still pass
    const canvasId = await client.createCanvas('Reach the stand-in');
    await client.addNode(canvasId, { id: 'prompt', type: 'prompt', data: { prompt: 'x' } });
    await client.addNode(canvasId, {
      id: 'call',
      type: 'http-request',
      data: { url: `${standIn}/`, failOnErrorStatus: false },
    });
    await client.addNode(canvasId, { id: 'out', type: 'output' });
    await client.addEdge(canvasId, {
      id: 'e1',
      source: 'prompt',
      sourceHandle: 'prompt-out',
      target: 'call',
      targetHandle: 'text-in',
    });
    await client.addEdge(canvasId, {
      id: 'e2',
      source: 'call',
      sourceHandle: 'status-out',
      target: 'out',
      targetHandle: 'value-in',
    });

    // Act
    const accepted = await client.run({ canvasId, triggerNodeId: 'prompt', inputs: {} });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed', 'cancelled');

    // Assess: refused before any request, not answered by the stand-in
    expect(done.status).toBe('failed');
    expect(done.outputs?.call?.['status-out']).toBeUndefined();
    expect(JSON.stringify(done.error)).toMatch(/https|public|not allowed|loopback|private/i);
  });

  it('refuses a callback URL on a stand-in', async () => {
    // Prepare
    const canvasId = await client.linearCanvas();

    // Act
    const answer = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: {},
      callbackUrl: `${standIn}/callback`,
    });

    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/callbackUrl/);
  });

  it('still generates a video through the stand-in and stores it', async () => {
    // Prepare
    await grantCredits(
      {
        workspaceId: stack.workspaceId,
        credits: 2000,
        reason: 'stand-in test',
        grantedBy: 'test',
        operationId: 'stand-in-grant',
      },
      { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() },
    );
    const canvasId = await client.createCanvas('Stand-in video');

    // Act
    const submitted = await client.post('/api/fal/generate-video', {
      canvasId,
      prompt: 'A synthetic pier',
      endpointId: 'bytedance/seedance-2.0/fast/text-to-video',
      modelParams: { duration: 4 },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    let polled = submitted;
    for (let round = 0; round < 20 && !['succeeded', 'failed'].includes(polled.body.status); round++) {
      polled = await client.request('GET', '/api/fal/generate-video', {
        query: { jobId: submitted.body.jobId, statusToken: submitted.body.statusToken },
      });
    }

    // Assess
    expect(polled.body, JSON.stringify(polled.body)).toMatchObject({
      status: 'succeeded',
      asset: { kind: 'video', contentType: 'video/mp4' },
    });
    // As in AWS, the stand-in's job was submitted with a completion webhook on the local front itself
    // (polling stays the fallback, which this loop exercised).
    expect(process.env.PROVIDER_WEBHOOK_BASE_URL).toBe(stack.baseUrl);
    const { videoJobs } = await import('#adapters/composition/provider-jobs');
    const job = await videoJobs.get(stack.workspaceId, submitted.body.jobId);
    expect(job).toMatchObject({ status: 'succeeded', completionWebhook: true });
  });
});
