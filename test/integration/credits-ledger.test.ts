// The credit ledger against DynamoDB Local: exactly-once debits, holds settled or released once,
// never a negative balance, and a balance that always equals the sum of its entries.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '#core/clock';
import { InsufficientCreditsError, MonthlyCapReachedError } from '#core/credits/errors';
import {
  debit,
  grantCredits,
  holdCredits,
  releaseExpiredHolds,
  releaseHold,
  settleHold,
  type CreditDeps,
} from '#core/credits/ledger';
import type { LedgerEntry } from '#core/credits/ledger-entry';
import { priceBookFrom } from '#core/credits/prices';
import { ConflictError, NotFoundError } from '#core/errors';
import { table } from '#adapters/dynamodb/client';
import { monthTotal, readMonth } from '#adapters/dynamodb/credit-month';
import { DynamoLedgerReader } from '#adapters/dynamodb/ledger-reader';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { keys } from '#adapters/dynamodb/table-design';
import { seedWorkspace } from './support/invoke.ts';

const prices = priceBookFrom({
  prices: JSON.stringify([
    { sku: 'test.op', model: '*', unit: 'Requests', creditsPerUnit: 1 },
    { sku: 'test.seconds', model: '*', unit: 'Seconds', creditsPerUnit: 3 },
  ]),
});
const ledger = new DynamoLedgerRepository();
const deps: CreditDeps = { ledger, clock: systemClock, prices };

async function allEntries(workspaceId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for await (const entry of ledger.entriesBetween(
    workspaceId,
    new Date('2000-01-01T00:00:00Z'),
    new Date('2100-01-01T00:00:00Z'),
  ))
    entries.push(entry);
  return entries;
}

async function expectConsistent(workspaceId: string) {
  const [balance, entries] = await Promise.all([ledger.getBalance(workspaceId), allEntries(workspaceId)]);
  const sum = entries.reduce((total, entry) => total + entry.credits, 0);
  expect(balance.balance).toBe(sum);
  expect(balance.balance).toBeGreaterThanOrEqual(0);
  expect(balance.held).toBeGreaterThanOrEqual(0);
  expect(balance.available).toBe(balance.balance - balance.held);
  expect(balance.available).toBeGreaterThanOrEqual(0);
  return { balance, entries };
}

async function fundedWorkspace(credits: number) {
  const { workspaceId } = await seedWorkspace();
  await grantCredits(
    { workspaceId, credits, reason: 'test funds', grantedBy: 'test', operationId: `fund-${workspaceId}` },
    deps,
  );
  return workspaceId;
}

describe('credit ledger', () => {
  it('grants credits once per operation id and refuses an unknown workspace', async () => {
    // Prepare
    const { workspaceId } = await seedWorkspace();
    const grant = { workspaceId, credits: 100, reason: 'welcome', grantedBy: 'test', operationId: 'grant-1' };
    // Act
    const first = await grantCredits(grant, deps);
    const again = await grantCredits(grant, deps);
    // Assess
    expect(first.applied).toBe(true);
    expect(again).toEqual({ applied: false, entry: first.entry });
    const { balance } = await expectConsistent(workspaceId);
    expect(balance).toMatchObject({ balance: 100, held: 0, available: 100, unit: 'credits' });
    await expect(grantCredits({ ...grant, workspaceId: 'ws_doesnotexist00000000000000' }, deps)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect((await ledger.getBalance('ws_doesnotexist00000000000000')).updatedAt).toBeNull();
  });

  it('charges a retried debit once', async () => {
    // Prepare
    const workspaceId = await fundedWorkspace(50);
    const work = {
      workspaceId,
      operationId: 'exec_1:node_1',
      sku: 'test.seconds',
      quantity: 4.2,
      resource: { executionId: 'exec_1', nodeId: 'node_1' },
    };
    // Act
    const first = await debit(work, deps);
    const retried = await Promise.all([debit(work, deps), debit(work, deps), debit(work, deps)]);
    // Assess: 4.2 seconds are 5 started seconds at 3 credits
    expect(first.charged).toBe(true);
    expect(first.entry).toMatchObject({
      type: 'usage',
      credits: -15,
      pricing: { sku: 'test.seconds', quantity: 4.2, pricingQuantity: 5, unitPrice: 3, unit: 'Seconds' },
    });
    for (const result of retried) expect(result).toEqual({ charged: false, entry: first.entry });
    const { balance, entries } = await expectConsistent(workspaceId);
    expect(balance.balance).toBe(35);
    expect(entries.filter((entry) => entry.type === 'usage')).toHaveLength(1);
  });

  it('refuses a debit beyond the available credits with a 402 error and writes nothing', async () => {
    // Prepare
    const workspaceId = await fundedWorkspace(10);
    // Act
    const refused = debit({ workspaceId, operationId: 'too-much', sku: 'test.op', quantity: 11 }, deps);
    // Assess
    await expect(refused).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(refused).rejects.toThrow('needs 11 credits and 10 are available');
    const { balance, entries } = await expectConsistent(workspaceId);
    expect(balance.balance).toBe(10);
    expect(entries).toHaveLength(1);
    expect(await ledger.entryOfOperation(workspaceId, 'too-much')).toBeUndefined();
  });

  it('refuses a debit of a workspace that never had credits', async () => {
    const { workspaceId } = await seedWorkspace();
    await expect(
      debit({ workspaceId, operationId: 'nothing', sku: 'test.op', quantity: 1 }, deps),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
  });

  it('settles a hold for the measured quantity, at most what was held, once', async () => {
    // Prepare
    const workspaceId = await fundedWorkspace(100);
    const hold = await holdCredits(
      {
        workspaceId,
        operationId: 'video-1',
        sku: 'test.seconds',
        quantity: 10,
        resource: { canvasId: 'cnv_1', nodeId: 'n1' },
      },
      deps,
    );
    expect(hold).toMatchObject({ status: 'held', credits: 30 });
    expect(await ledger.getBalance(workspaceId)).toMatchObject({ balance: 100, held: 30, available: 70 });
    // Act: the job used 6.5 seconds (7 charged); the step is retried twice
    const settled = await settleHold(
      { workspaceId, operationId: 'video-1', quantity: 6.5, resource: { providerJobId: 'job-9' } },
      deps,
    );
    const retried = await settleHold({ workspaceId, operationId: 'video-1', quantity: 6.5 }, deps);
    // Assess
    expect(settled.hold).toMatchObject({ status: 'settled', chargedCredits: 21 });
    expect(settled.entry).toMatchObject({
      credits: -21,
      heldCredits: 30,
      resource: { canvasId: 'cnv_1', nodeId: 'n1', providerJobId: 'job-9' },
    });
    expect(retried.entry).toEqual(settled.entry);
    const { balance } = await expectConsistent(workspaceId);
    expect(balance).toMatchObject({ balance: 79, held: 0, available: 79 });
    // A release after the settle changes nothing.
    expect((await releaseHold({ workspaceId, operationId: 'video-1' }, deps)).status).toBe('settled');
    expect((await ledger.getBalance(workspaceId)).balance).toBe(79);
  });

  it('caps a settle at the held units', async () => {
    const workspaceId = await fundedWorkspace(100);
    await holdCredits({ workspaceId, operationId: 'cap', sku: 'test.seconds', quantity: 2 }, deps);
    const settled = await settleHold({ workspaceId, operationId: 'cap', quantity: 9 }, deps);
    expect(settled.entry).toMatchObject({ credits: -6, pricing: { quantity: 9, pricingQuantity: 2 } });
    await expectConsistent(workspaceId);
  });

  it('releases a failed operation’s hold once, and then refuses to settle it', async () => {
    // Prepare
    const workspaceId = await fundedWorkspace(20);
    await holdCredits({ workspaceId, operationId: 'fails', sku: 'test.op', quantity: 15 }, deps);
    // A second hold does not fit beside the first.
    await expect(
      holdCredits({ workspaceId, operationId: 'second', sku: 'test.op', quantity: 6 }, deps),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    // Act
    const released = await Promise.all([
      releaseHold({ workspaceId, operationId: 'fails' }, deps),
      releaseHold({ workspaceId, operationId: 'fails' }, deps),
    ]);
    // Assess
    for (const hold of released) expect(hold.status).toBe('released');
    const { balance, entries } = await expectConsistent(workspaceId);
    expect(balance).toMatchObject({ balance: 20, held: 0, available: 20 });
    expect(entries).toHaveLength(1);
    await expect(settleHold({ workspaceId, operationId: 'fails', quantity: 1 }, deps)).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(releaseHold({ workspaceId, operationId: 'never-held' }, deps)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('releases holds whose operation died for good once they expire, and leaves the others', async () => {
    // Prepare: one hold taken two hours ago with a one-hour life, one fresh, one expired but settled
    const workspaceId = await fundedWorkspace(100);
    const past: Clock = { now: () => new Date(Date.now() - 2 * 3600_000) };
    await holdCredits(
      { workspaceId, operationId: 'abandoned', sku: 'test.op', quantity: 10 },
      { ...deps, clock: past },
      { ttlSeconds: 3600 },
    );
    await holdCredits({ workspaceId, operationId: 'running', sku: 'test.op', quantity: 20 }, deps, {
      ttlSeconds: 3600,
    });
    await holdCredits(
      { workspaceId, operationId: 'finished', sku: 'test.op', quantity: 30 },
      { ...deps, clock: past },
      { ttlSeconds: 3600 },
    );
    await settleHold({ workspaceId, operationId: 'finished', quantity: 5 }, deps);
    expect(await ledger.getBalance(workspaceId)).toMatchObject({ balance: 95, held: 30, available: 65 });
    // Act
    const report = await releaseExpiredHolds(deps);
    const again = await releaseExpiredHolds(deps);
    // Assess
    expect(report.released).toBeGreaterThanOrEqual(1);
    expect((await ledger.getHold(workspaceId, 'abandoned'))?.status).toBe('released');
    expect((await ledger.getHold(workspaceId, 'running'))?.status).toBe('held');
    expect((await ledger.getHold(workspaceId, 'finished'))?.status).toBe('settled');
    expect(
      (await ledger.listExpiredHolds(new Date().toISOString(), 100)).filter((hold) => hold.workspaceId === workspaceId),
    ).toEqual([]);
    expect(again.found).toBe(0);
    const { balance } = await expectConsistent(workspaceId);
    expect(balance).toMatchObject({ balance: 95, held: 20, available: 75 });
  });

  it('keeps 200 concurrent debits and holds from overdrawing; balance equals the sum of entries', async () => {
    // Prepare: 300 credits; 100 debits of 3 and 100 holds of 4 (settled for 2 or released) ask for 700
    const workspaceId = await fundedWorkspace(300);
    const outcomes = { debited: 0, held: 0, refused: 0 };
    // Act
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        try {
          if (i % 2 === 0) {
            await debit({ workspaceId, operationId: `debit-${i}`, sku: 'test.op', quantity: 3 }, deps);
            outcomes.debited++;
          } else {
            await holdCredits({ workspaceId, operationId: `hold-${i}`, sku: 'test.op', quantity: 4 }, deps);
            outcomes.held++;
            if (i % 4 === 1) await settleHold({ workspaceId, operationId: `hold-${i}`, quantity: 2 }, deps);
            else await releaseHold({ workspaceId, operationId: `hold-${i}` }, deps);
          }
        } catch (error) {
          if (!(error instanceof InsufficientCreditsError)) throw error;
          outcomes.refused++;
        }
      }),
    );
    // Assess
    const { balance, entries } = await expectConsistent(workspaceId);
    expect(outcomes.debited + outcomes.held + outcomes.refused).toBe(200);
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(balance.held).toBe(0);
    const usage = entries.filter((entry) => entry.type === 'usage');
    expect(new Set(usage.map((entry) => entry.operationId)).size).toBe(usage.length);
    expect(balance.balance).toBe(300 - usage.reduce((total, entry) => total - entry.credits, 0));
  });

  it('keeps concurrent holds within the monthly cap; a settle or release moves the month to the charge', async () => {
    // Prepare: plenty of credits, a cap of 20, eight operations of 6 at once
    const workspaceId = await fundedWorkspace(1000);
    // The month's counter is one item per balance shard; the cap applies to their sum.
    const month = async () => monthTotal(await readMonth(workspaceId, new Date().toISOString().slice(0, 7)));
    const hold = (operationId: string, quantity: number) =>
      holdCredits({ workspaceId, operationId, sku: 'test.op', quantity }, deps, { monthlyCap: 20 });

    // Act
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => hold(`capped-${i}`, 6)));
    const placed = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [`capped-${i}`] : []));
    const atCap = await month();
    await settleHold({ workspaceId, operationId: placed[0]!, quantity: 2 }, deps);
    await releaseHold({ workspaceId, operationId: placed[1]! }, deps);
    const settled = await month();

    // Assess: three placed (18), five refused as over the cap; then 18 − 6 + 2 − 6 = 8
    expect(placed).toHaveLength(3);
    for (const outcome of outcomes.filter((candidate) => candidate.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(MonthlyCapReachedError);
    expect(atCap).toBe(18);
    expect(settled).toBe(8);
    await expect(hold('too-big', 21)).rejects.toThrow(/monthly cap of 20 credits/);
    await expect(hold('fits', 12)).resolves.toMatchObject({ status: 'held' });
    await expectConsistent(workspaceId);
  });

  it('streams a time range oldest first, [from, to) exactly, one page at a time', async () => {
    // Prepare: entries at pinned times
    const { workspaceId } = await seedWorkspace();
    const times = [
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T00:59:59.999Z',
      '2026-03-01T01:00:00.000Z',
      '2026-03-01T02:00:00.000Z',
    ];
    for (const [i, time] of times.entries()) {
      const clock: Clock = { now: () => new Date(time) };
      await grantCredits(
        { workspaceId, credits: i + 1, reason: `at ${time}`, grantedBy: 'test', operationId: `g${i}` },
        { ...deps, clock },
      );
    }
    const reader = new DynamoLedgerReader(1);
    // Act
    const inRange: LedgerEntry[] = [];
    for await (const entry of reader.entriesBetween(workspaceId, new Date(times[0]!), new Date(times[2]!)))
      inRange.push(entry);
    // Assess
    expect(inRange.map((entry) => entry.occurredAt)).toEqual(times.slice(0, 2));
    expect(inRange[0]).toMatchObject({ workspaceId, type: 'grant', credits: 1, operationId: 'g0', grantedBy: 'test' });
    expect(Object.keys(inRange[0]!)).not.toContain('PK');
    const empty: LedgerEntry[] = [];
    for await (const entry of reader.entriesBetween(workspaceId, new Date(times[2]!), new Date(times[2]!)))
      empty.push(entry);
    expect(empty).toEqual([]);
    // Newest first in the transactions listing, with a cursor.
    const page = await ledger.listEntries(workspaceId, { limit: 3 });
    expect(page.items.map((entry) => entry.operationId)).toEqual(['g3', 'g2', 'g1']);
    const rest = await ledger.listEntries(workspaceId, { limit: 3, cursor: page.nextCursor! });
    expect(rest.items.map((entry) => entry.operationId)).toEqual(['g0']);
  });

  it('stores the balance item with balance, held, available and updatedAt', async () => {
    const workspaceId = await fundedWorkspace(7);
    const { client, tableName } = table();
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.creditBalance(workspaceId) }));
    expect(Item).toMatchObject({ balance: 7, held: 0, available: 7, entity: 'CreditBalance' });
    const markers = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :op)',
        ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':op': 'LEDGEROP#' },
      }),
    );
    expect(markers.Items).toHaveLength(1);
  });
});
