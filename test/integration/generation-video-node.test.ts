// integration: the video-generation node through the real handlers, the local engine and a fal fake: the
// job, its hold and charge, its failure, the default endpoint's reference images, and stored references
// from source nodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durableKeyOf } from '#core/assets/model';
import { syntheticMp4 } from '../../lib/local/sandbox/synthetic-media.ts';
import type { FalFake } from '../support/fakes/fal-server.ts';
import type { Client, RunsStack } from './support/runs-stack.ts';
import { connect, creditEntriesOf, runToEnd, storedBytes } from './support/generation-runs.ts';
import { KLING, PNG, balance, startVideoStack, stopVideoStack, type VideoStack } from './support/video-stack.ts';

let videoStack: VideoStack;
let fake: FalFake;
let stack: RunsStack;
let client: Client;

beforeAll(async () => {
  videoStack = await startVideoStack();
  ({ fake, stack, client } = videoStack);
});

afterAll(async () => stopVideoStack(videoStack ?? {}));

describe('the video-generation node', () => {
  it('runs through the state machine: submit, Wait, poll, and a durable video on video-out, charged once for its run attempt', async () => {
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
    const before = await balance(videoStack);

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
    expect((await balance(videoStack)).balance).toBe(before.balance - 50);
    const timeline = (
      await client.request('GET', '/api/mcp/executions/timeline', {
        query: { executionId: accepted.body.executionId },
      })
    ).body;
    expect(JSON.stringify(timeline)).toContain('modelParams.not_a_param is not supported');
  });

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
    const before = await balance(videoStack);

    const { done } = await runToEnd(client, board, 45_000);

    expect(done.status).toBe('failed');
    expect(JSON.stringify(done.error)).toContain('flagged');
    expect(await balance(videoStack)).toMatchObject({ balance: before.balance, held: before.held });
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
  it('sends image, video and audio assets to a reference-to-video endpoint: images inline, video and audio as presigned GETs of our bucket', async () => {
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
  });

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
    const before = await balance(videoStack);

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
    expect(await balance(videoStack)).toEqual(before);
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
    const before = await balance(videoStack);
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
    expect(await balance(videoStack)).toMatchObject({ balance: before.balance, held: before.held });
  });
});
