// integration: the video job core when its process dies at the worst moments — DynamoDB Local, s3rver,
// the fal adapter against a loopback server speaking fal's queue protocol, and a clock the test moves.
// A copy killed midway is taken over after its claim goes stale and writes the same asset; a process
// killed between the stored bytes and the charge has made nothing visible, and the takeover charges once;
// one killed between the charge and the asset record is not charged again by the takeover; a submit that
// died before the provider answered is failed after its deadline, its hold released, never resubmitted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdCredits, grantCredits, type CreditDeps } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import {
  COPY_DEADLINE_SECONDS,
  SUBMIT_DEADLINE_SECONDS,
  pollVideoJob,
  submitVideoJob,
  videoJobId,
  type VideoJob,
  type VideoJobDeps,
} from '#core/generation/video-jobs';
import { assets, canvases } from '#adapters/composition/stores';
import { generatedAssetStorage } from '#adapters/composition/generation';
import { videoJobs } from '#adapters/composition/provider-jobs';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { videoJobDeps } from '#adapters/generation/video-deps';
import { mediaSource } from '#adapters/outbound-http/media-source';
import { falProvider } from '#adapters/providers/fal';
import { FakeClock } from '../unit/support/fake-clock.ts';
import { startFalFake, type FalFake } from '../support/fakes/fal-server.ts';
import { call, seedWorkspace } from './support/invoke.ts';

const KEY = 'key-id-3:0123456789abcdef0123';
const clock = new FakeClock(new Date());
let fake: FalFake;
let workspaceId: string;
let canvasId: string;
let apiKey: string;
let ledger: DynamoLedgerRepository;
let deps: VideoJobDeps;
const faults = { media: 0, settle: 0, record: 0 };
let savedAllowHosts: string | undefined;

beforeAll(async () => {
  fake = await startFalFake({ key: KEY, pollsUntilDone: 1 });
  savedAllowHosts = process.env.OUTBOUND_ALLOW_HOSTS;
  process.env.OUTBOUND_ALLOW_HOSTS = new URL(fake.url).host;
  const seeded = await seedWorkspace('Crashing videos');
  ({ workspaceId, apiKey } = seeded);
  canvasId = (await call('POST', '/api/mcp/canvas/create', { key: apiKey, body: { name: 'Crash board' } })).body.id;
  ledger = new DynamoLedgerRepository();
  // The ledger, with a kill switch between the stored asset and the charge.
  const dying = Object.create(ledger) as DynamoLedgerRepository;
  dying.settleHold = async (...args) => {
    if (faults.settle > 0 && faults.settle--) throw new Error('process killed before the charge');
    return ledger.settleHold(...args);
  };
  const credits: CreditDeps = { ledger: dying, clock, prices: priceBook() };
  // The asset records, with a kill switch between the charge and the record.
  const dyingAssets = Object.create(assets) as typeof assets;
  dyingAssets.create = async (...args) => {
    if (faults.record > 0 && faults.record--) throw new Error('process killed before the asset record');
    return assets.create(...args);
  };
  await grantCredits(
    { workspaceId, credits: 10_000, reason: 'crash tests', grantedBy: 'test', operationId: 'crash-grant' },
    credits,
  );
  const base = videoJobDeps();
  deps = {
    ...base,
    providers: { 'provider-two': falProvider({ baseUrl: fake.url }) },
    access: { ...base.access, sharedConfigured: () => true },
    sharedApiKey: async () => KEY,
    media: {
      open: async (media, maxBytes) => {
        if (faults.media > 0 && faults.media--) throw new Error('process killed while copying');
        return mediaSource.open(media, maxBytes);
      },
    },
    credits,
    assets: { assets: dyingAssets, storage: generatedAssetStorage, canvases, clock },
    clock,
  };
});

afterAll(async () => {
  await fake?.close();
  if (savedAllowHosts === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
  else process.env.OUTBOUND_ALLOW_HOSTS = savedAllowHosts;
});

async function submitted(prompt: string): Promise<VideoJob> {
  const jobId = videoJobId(clock.now());
  const { job } = await submitVideoJob(
    {
      provider: 'provider-two',
      workspaceId,
      canvasId,
      prompt,
      model: 'fal-ai/wan/v2.7/text-to-video',
      params: { duration: 5 },
    },
    { jobId, operationId: `video:${jobId}` },
    deps,
  );
  return job;
}

const usageOf = async (operationId: string) => (await ledger.entryOfOperation(workspaceId, operationId)) ?? undefined;
const canvasAssetIds = async () =>
  (await call('GET', '/api/mcp/canvas/assets', { key: apiKey, query: { canvasId } })).body.items.map(
    (asset: { id: string }) => asset.id,
  );

describe('the video job core under crashes', () => {
  it('takes over a copy killed midway once its claim is stale, writing the same asset, charging once', async () => {
    // Prepare: the provider has finished; the first copy dies
    const job = await submitted('killed copy');
    faults.media = 1;

    // Act
    await expect(pollVideoJob(workspaceId, job.id, deps)).rejects.toThrow(/killed while copying/);
    const claimed = await pollVideoJob(workspaceId, job.id, deps);
    clock.advance(COPY_DEADLINE_SECONDS * 1000 + 1000);
    const done = await pollVideoJob(workspaceId, job.id, deps);
    const again = await pollVideoJob(workspaceId, job.id, deps);

    // Assess
    expect(claimed.job).toMatchObject({ status: 'copying', assetId: expect.stringMatching(/^ast_/) });
    expect(done.job).toMatchObject({ status: 'succeeded', assetId: claimed.job.assetId });
    expect(done.asset?.id).toBe(claimed.job.assetId);
    expect(again.asset?.id).toBe(claimed.job.assetId);
    expect((await canvasAssetIds()).filter((id: string) => id === claimed.job.assetId)).toHaveLength(1);
    expect(await usageOf(job.operationId)).toMatchObject({ type: 'usage', credits: -50 });
  });

  it('shows nothing when the process died between the stored bytes and the charge, and the takeover charges once', async () => {
    const job = await submitted('killed before charge');
    faults.settle = 1;
    await expect(pollVideoJob(workspaceId, job.id, deps)).rejects.toThrow(/killed before the charge/);
    const stored = (await videoJobs.get(workspaceId, job.id))!;
    expect(stored.status).toBe('copying');
    // Not charged, so not visible: the record comes after the charge.
    expect(await assets.get(workspaceId, stored.assetId!)).toBeUndefined();
    expect(await usageOf(job.operationId)).toBeUndefined();

    clock.advance(COPY_DEADLINE_SECONDS * 1000 + 1000);
    const done = await pollVideoJob(workspaceId, job.id, deps);

    expect(done.job.status).toBe('succeeded');
    expect(done.asset?.id).toBe(stored.assetId);
    expect(await usageOf(job.operationId)).toMatchObject({ credits: -50 });
    expect((await ledger.getHold(workspaceId, job.operationId))?.status).toBe('settled');
  });

  it('charges once when the process died between the charge and the asset record', async () => {
    const job = await submitted('killed before record');
    faults.record = 1;
    await expect(pollVideoJob(workspaceId, job.id, deps)).rejects.toThrow(/killed before the asset record/);
    const stored = (await videoJobs.get(workspaceId, job.id))!;
    const charged = await usageOf(job.operationId);
    expect(stored.status).toBe('copying');
    expect(await assets.get(workspaceId, stored.assetId!)).toBeUndefined();
    expect(charged).toMatchObject({ credits: -50 });
    const balanceBefore = await ledger.getBalance(workspaceId);

    clock.advance(COPY_DEADLINE_SECONDS * 1000 + 1000);
    const done = await pollVideoJob(workspaceId, job.id, deps);

    expect(done.job.status).toBe('succeeded');
    expect(done.asset?.id).toBe(stored.assetId);
    expect(await usageOf(job.operationId)).toEqual(charged);
    expect(await ledger.getBalance(workspaceId)).toMatchObject({
      balance: balanceBefore.balance,
      held: balanceBefore.held,
    });
  });

  it('fails a submit that died before the provider answered, releases its hold, and never submits it again', async () => {
    // Prepare: what a process killed right after recording the job and holding its credits leaves
    const jobId = videoJobId(clock.now());
    const operationId = `video:${jobId}`;
    const at = clock.now().toISOString();
    const stranded: VideoJob = {
      id: jobId,
      workspaceId,
      canvasId,
      nodeId: null,
      operationId,
      provider: 'provider-two',
      model: 'fal-ai/wan/v2.7/text-to-video',
      mode: 'text-to-video',
      status: 'submitting',
      providerJobId: null,
      requestedSeconds: 5,
      producedSeconds: null,
      priceModel: 'standard',
      credential: 'shared',
      dropped: [],
      assetId: null,
      copyClaimedAt: null,
      error: null,
      pollAfterSeconds: 0,
      createdAt: at,
      updatedAt: at,
      version: 1,
    };
    await videoJobs.create(stranded);
    await holdCredits(
      { workspaceId, operationId, sku: 'video.generate', model: 'standard', quantity: 5 },
      deps.credits,
    );
    const posts = fake.calls.filter((entry) => entry.method === 'POST').length;

    // Act
    const early = await pollVideoJob(workspaceId, jobId, deps);
    clock.advance(SUBMIT_DEADLINE_SECONDS * 1000 + 1000);
    const late = await pollVideoJob(workspaceId, jobId, deps);
    const retried = await submitVideoJob(
      { provider: 'provider-two', workspaceId, canvasId, prompt: 'again', model: 'fal-ai/wan/v2.7/text-to-video' },
      { jobId, operationId },
      deps,
    );

    // Assess
    expect(early.job.status).toBe('submitting');
    expect(late.job).toMatchObject({ status: 'failed', error: expect.stringMatching(/not resubmitted/) });
    expect(retried).toMatchObject({ replayed: true, job: { status: 'failed' } });
    expect(await ledger.getHold(workspaceId, operationId)).toMatchObject({ status: 'released' });
    expect(fake.calls.filter((entry) => entry.method === 'POST').length).toBe(posts);
  });
});
