// integration: a generation's result is never delivered unpaid, whatever the expired-holds sweeper did
// meanwhile — DynamoDB Local, s3rver, the fal adapter against a loopback fal, the project's own sweeper
// (releaseExpiredHolds, scoped to each test's workspace: the table is shared with other test files) and a
// clock the test moves. Covered: a job polled after its hold's life, a copy that outlives the old 24 h
// hold, the sweeper releasing the hold between the charge's read and its write (with the credits still
// there, and spent meanwhile), and a speech call that outlives its hold. After each: every operation is
// charged at most once, an asset exists only for a charged operation, nothing stays held, and the
// balance is the sum of the entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debit, grantCredits, releaseExpiredHolds, type CreditDeps } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import type { LedgerEntry } from '#core/credits/ledger-entry';
import { generateSpeech, type SpeechDeps } from '#core/generation/speech';
import {
  pollVideoJob,
  submitVideoJob,
  videoJobId,
  type VideoJob,
  type VideoJobDeps,
} from '#core/generation/video-jobs';
import { assets, canvases } from '#adapters/composition/stores';
import { generatedAssetStorage } from '#adapters/composition/generation';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { videoJobDeps } from '#adapters/generation/video-deps';
import { speechDeps } from '#adapters/generation/speech-deps';
import { mediaSource } from '#adapters/outbound-http/media-source';
import { falProvider } from '#adapters/providers/fal';
import { FakeClock } from '../unit/support/fake-clock.ts';
import { startFalFake, type FalFake } from '../support/fakes/fal-server.ts';
import { call, seedWorkspace } from './support/invoke.ts';

const KEY = 'key-id-3:0123456789abcdef0123';
const HOUR_MS = 3600_000;
const clock = new FakeClock(new Date());
const ledger = new DynamoLedgerRepository();
let fake: FalFake;
let savedAllowHosts: string | undefined;

/** Moments the tests step into: inside a charge's settle (after its read, before its write) and a copy. */
const hooks: {
  beforeSettleWrite?: (operationId: string, expiresAt: string) => Promise<void>;
  duringCopy?: () => Promise<void>;
} = {};

const hookedLedger = Object.create(ledger) as DynamoLedgerRepository;
hookedLedger.settleHold = async (hold, entry, closedAt) => {
  const hook = hooks.beforeSettleWrite;
  hooks.beforeSettleWrite = undefined;
  await hook?.(hold.operationId, hold.expiresAt);
  return ledger.settleHold(hold, entry, closedAt);
};
const credits: CreditDeps = { ledger: hookedLedger, clock, prices: priceBook() };

/** The project's sweeper at the test clock, over this workspace's holds only. */
async function sweep(workspaceId: string) {
  const scoped = Object.create(ledger) as DynamoLedgerRepository;
  scoped.listExpiredHolds = async (cutoff, limit) =>
    (await ledger.listExpiredHolds(cutoff, limit)).filter((hold) => hold.workspaceId === workspaceId);
  return releaseExpiredHolds({ ledger: scoped, clock, prices: priceBook() });
}

beforeAll(async () => {
  fake = await startFalFake({ key: KEY, pollsUntilDone: 1 });
  savedAllowHosts = process.env.OUTBOUND_ALLOW_HOSTS;
  process.env.OUTBOUND_ALLOW_HOSTS = new URL(fake.url).host;
});

afterAll(async () => {
  await fake?.close();
  if (savedAllowHosts === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
  else process.env.OUTBOUND_ALLOW_HOSTS = savedAllowHosts;
});

/** A workspace with `funds` credits and a canvas, and the video core wired to the test's clock and hooks. */
async function board(funds: number) {
  const { workspaceId, apiKey } = await seedWorkspace('Expiring holds');
  const canvasId = (await call('POST', '/api/mcp/canvas/create', { key: apiKey, body: { name: 'Hold board' } })).body
    .id as string;
  await grantCredits(
    { workspaceId, credits: funds, reason: 'hold tests', grantedBy: 'test', operationId: 'hold-grant' },
    credits,
  );
  const base = videoJobDeps();
  const deps: VideoJobDeps = {
    ...base,
    providers: { 'provider-two': falProvider({ baseUrl: fake.url }) },
    access: { ...base.access, sharedConfigured: () => true },
    sharedApiKey: async () => KEY,
    media: {
      open: async (media, maxBytes) => {
        const hook = hooks.duringCopy;
        hooks.duringCopy = undefined;
        await hook?.();
        return mediaSource.open(media, maxBytes);
      },
    },
    credits,
    assets: { assets, storage: generatedAssetStorage, canvases, clock },
    clock,
  };
  const submit = async (prompt: string): Promise<VideoJob> => {
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
  };
  return { workspaceId, canvasId, apiKey, deps, submit };
}

async function entriesOf(workspaceId: string): Promise<LedgerEntry[]> {
  return (await ledger.listEntries(workspaceId, { limit: 100 })).items;
}

/**
 * The ledger invariants after the dust settled: nothing held, balance = sum of entries, and for each
 * operation at most one usage entry, present exactly when its result (asset) exists.
 */
async function expectPaidExactlyForWhatWasDelivered(
  workspaceId: string,
  delivered: { operationId: string; assetId: string | null }[],
) {
  const entries = await entriesOf(workspaceId);
  const balance = await ledger.getBalance(workspaceId);
  expect(balance.held).toBe(0);
  expect(balance.balance).toBe(entries.reduce((sum, entry) => sum + entry.credits, 0));
  for (const { operationId, assetId } of delivered) {
    const usage = entries.filter((entry) => entry.type === 'usage' && entry.operationId === operationId);
    const asset = assetId ? await assets.get(workspaceId, assetId) : undefined;
    expect(usage.length, `usage entries of ${operationId}`).toBeLessThanOrEqual(1);
    expect({ operationId, charged: usage.length === 1, delivered: asset !== undefined }).toEqual({
      operationId,
      charged: asset !== undefined,
      delivered: asset !== undefined,
    });
  }
}

const canvasAssets = async (apiKey: string, canvasId: string) =>
  (await call('GET', '/api/mcp/canvas/assets', { key: apiKey, query: { canvasId } })).body.items as { id: string }[];

describe('a video job and an expiring hold', () => {
  it('does not deliver a job polled after its hold expired and the sweeper released it: failed, nothing charged, nothing visible', async () => {
    // Prepare: the provider finished long ago; nobody polled for 26 hours; the sweeper ran
    const { workspaceId, canvasId, apiKey, deps, submit } = await board(1000);
    const job = await submit('polled a day late');
    clock.advance(26 * HOUR_MS);
    const swept = await sweep(workspaceId);

    // Act
    const polled = await pollVideoJob(workspaceId, job.id, deps).catch((error: unknown) => error);
    const again = await pollVideoJob(workspaceId, job.id, deps).catch((error: unknown) => error);

    // Assess
    expect(swept.released).toBe(1);
    await expectPaidExactlyForWhatWasDelivered(workspaceId, [
      { operationId: job.operationId, assetId: (await deps.jobs.get(workspaceId, job.id))!.assetId },
    ]);
    expect(polled).toMatchObject({
      job: { status: 'failed', error: expect.stringMatching(/not delivered within 24 hours/) },
    });
    expect(again).toMatchObject({ job: { status: 'failed' } });
    expect(await canvasAssets(apiKey, canvasId)).toEqual([]);
    expect(await ledger.getBalance(workspaceId)).toMatchObject({ balance: 1000, held: 0, available: 1000 });
  });

  it('keeps the hold of a copy claimed just before the deadline through a sweep, and charges it from the hold', async () => {
    // Prepare: polled a minute before the deadline; the copy takes 40 minutes, and the sweeper runs meanwhile
    const { workspaceId, deps, submit } = await board(1000);
    const job = await submit('copied at the deadline');
    // A minute before the job's deadline (VIDEO_JOB_DEADLINE_SECONDS: a day after its submit).
    clock.set(new Date(Date.parse(job.createdAt) + 24 * HOUR_MS - 60_000));
    let swept: { released: number } | undefined;
    hooks.duringCopy = async () => {
      clock.advance(40 * 60_000);
      swept = await sweep(workspaceId);
    };

    // Act
    const done = await pollVideoJob(workspaceId, job.id, deps).catch((error: unknown) => error);

    // Assess
    await expectPaidExactlyForWhatWasDelivered(workspaceId, [
      { operationId: job.operationId, assetId: (await deps.jobs.get(workspaceId, job.id))!.assetId },
    ]);
    expect(swept?.released).toBe(0);
    expect(done).toMatchObject({ job: { status: 'succeeded' }, asset: { kind: 'video' } });
    expect(await ledger.getHold(workspaceId, job.operationId)).toMatchObject({
      status: 'settled',
      chargedCredits: 50,
    });
    expect(await ledger.getBalance(workspaceId)).toMatchObject({ balance: 950, held: 0 });
  });

  it('charges once from the available credits when the sweeper releases the hold between the charge read and its write', async () => {
    // Prepare: the sweeper runs (its clock past the hold's expiry) right after the charge read the hold as held
    const { workspaceId, deps, submit } = await board(1000);
    const job = await submit('raced by the sweeper');
    let swept: { released: number } | undefined;
    hooks.beforeSettleWrite = async (_operationId, expiresAt) => {
      clock.set(new Date(Date.parse(expiresAt) + 1000));
      swept = await sweep(workspaceId);
    };

    // Act
    const done = await pollVideoJob(workspaceId, job.id, deps).catch((error: unknown) => error);
    const again = await pollVideoJob(workspaceId, job.id, deps).catch((error: unknown) => error);

    // Assess
    await expectPaidExactlyForWhatWasDelivered(workspaceId, [
      { operationId: job.operationId, assetId: (await deps.jobs.get(workspaceId, job.id))!.assetId },
    ]);
    expect(swept?.released).toBe(1);
    expect(done).toMatchObject({ job: { status: 'succeeded' }, asset: { kind: 'video' } });
    expect(again).toMatchObject({ job: { status: 'succeeded' } });
    expect(await ledger.getHold(workspaceId, job.operationId)).toMatchObject({ status: 'released' });
    const usage = (await entriesOf(workspaceId)).filter((entry) => entry.operationId === job.operationId);
    expect(usage).toEqual([
      expect.objectContaining({
        type: 'usage',
        credits: -50,
        resource: expect.objectContaining({ canvasId: job.canvasId, providerJobId: job.providerJobId }),
      }),
    ]);
    expect(await ledger.getBalance(workspaceId)).toMatchObject({ balance: 950, held: 0, available: 950 });
  });

  it('fails the job without delivering it when the sweeper released the hold and the credits were spent before the charge', async () => {
    // Prepare: as above, and another operation spends every available credit after the release
    const { workspaceId, canvasId, apiKey, deps, submit } = await board(100);
    const job = await submit('raced and broke');
    hooks.beforeSettleWrite = async (_operationId, expiresAt) => {
      clock.set(new Date(Date.parse(expiresAt) + 1000));
      await sweep(workspaceId);
      await debit(
        { workspaceId, operationId: 'spent-meanwhile', sku: 'video.generate', model: 'standard', quantity: 10 },
        credits,
      );
    };

    // Act
    const polled = await pollVideoJob(workspaceId, job.id, deps).catch((error: unknown) => error);
    const again = await pollVideoJob(workspaceId, job.id, deps).catch((error: unknown) => error);

    // Assess
    await expectPaidExactlyForWhatWasDelivered(workspaceId, [
      { operationId: job.operationId, assetId: (await deps.jobs.get(workspaceId, job.id))!.assetId },
    ]);
    expect(polled).toMatchObject({
      job: { status: 'failed', error: expect.stringMatching(/could not be charged, so it was not delivered/) },
    });
    expect(polled).not.toHaveProperty('asset');
    expect(again).toMatchObject({ job: { status: 'failed' } });
    expect(await canvasAssets(apiKey, canvasId)).toEqual([]);
    expect((await entriesOf(workspaceId)).filter((entry) => entry.operationId === job.operationId)).toEqual([]);
    expect(await ledger.getBalance(workspaceId)).toMatchObject({ balance: 0, held: 0, available: 0 });
  });
});

describe('a speech call that outlives its hold', () => {
  /** The speech core with a provider whose call lasts past the hold's life, the sweeper running meanwhile. */
  async function slowSpeech(funds: number, spendAfterSweep: number) {
    const { workspaceId, canvasId } = await board(funds);
    const base = speechDeps();
    const deps: SpeechDeps = {
      ...base,
      access: { ...base.access, sharedConfigured: () => true },
      sharedApiKey: async () => 'sk_test',
      provider: {
        speak: async () => {
          clock.advance(25 * HOUR_MS);
          await sweep(workspaceId);
          if (spendAfterSweep > 0)
            await debit(
              { workspaceId, operationId: 'spent-meanwhile', sku: 'audio.sts', quantity: spendAfterSweep },
              credits,
            );
          return {
            audio: Buffer.alloc(16_000, 1),
            contentType: 'audio/mpeg',
            requestId: 'req-slow',
            characterCost: 1000,
          };
        },
        revoice: async () => {
          throw new Error('not used');
        },
      },
      credits,
      assets: { assets, storage: generatedAssetStorage, canvases, clock },
      clock,
    };
    return { workspaceId, canvasId, deps };
  }

  it('charges once from the available credits, then delivers', async () => {
    const { workspaceId, canvasId, deps } = await slowSpeech(100, 0);
    const operationId = 'speech-outlived-hold';

    const outcome = await generateSpeech(
      { workspaceId, canvasId, body: { mode: 'tts', text: 'x'.repeat(1000) } },
      operationId,
      deps,
    ).catch((error: unknown) => error);

    await expectPaidExactlyForWhatWasDelivered(workspaceId, [
      { operationId, assetId: (await deps.operations.get(workspaceId, operationId))!.assetId },
    ]);
    expect(outcome).toMatchObject({ operation: { status: 'succeeded' }, asset: { kind: 'audio' } });
    expect(await ledger.getHold(workspaceId, operationId)).toMatchObject({ status: 'released' });
    expect((await entriesOf(workspaceId)).filter((entry) => entry.operationId === operationId)).toEqual([
      expect.objectContaining({ type: 'usage', credits: -6 }),
    ]);
  });

  it('fails without delivering when the credits are gone', async () => {
    const { workspaceId, canvasId, deps } = await slowSpeech(100, 100);
    const operationId = 'speech-outlived-hold-broke';

    const outcome = await generateSpeech(
      { workspaceId, canvasId, body: { mode: 'tts', text: 'x'.repeat(1000) } },
      operationId,
      deps,
    ).catch((error: unknown) => error);
    const operation = (await deps.operations.get(workspaceId, operationId))!;

    await expectPaidExactlyForWhatWasDelivered(workspaceId, [{ operationId, assetId: operation.assetId }]);
    expect(outcome).toMatchObject({ name: 'InsufficientCreditsError' });
    expect(operation).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/could not be charged, so it was not delivered/),
    });
    expect(await assets.get(workspaceId, operation.assetId)).toBeUndefined();
  });
});
