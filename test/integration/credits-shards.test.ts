// The sharded credit balance against DynamoDB Local (docs/billing.md "Balance shards"): concurrent holds
// spread over shards never overdraw, a hold larger than any one shard is served by a refill, closes stay
// once-only, the balance stays the sum of the entries, and a workspace from before sharding keeps working.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { InsufficientCreditsError, MonthlyCapReachedError } from '#core/credits/errors';
import { debit, grantCredits, holdCredits, releaseHold, settleHold, type CreditDeps } from '#core/credits/ledger';
import { priceBookFrom } from '#core/credits/prices';
import { table } from '#adapters/dynamodb/client';
import { readShards } from '#adapters/dynamodb/credit-balance-shards';
import { monthTotal, readMonth } from '#adapters/dynamodb/credit-month';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { keys } from '#adapters/dynamodb/table-design';
import { seedWorkspace } from './support/invoke.ts';

const prices = priceBookFrom({
  prices: JSON.stringify([{ sku: 'test.op', model: '*', unit: 'Requests', creditsPerUnit: 1 }]),
});
const depsWith = (balanceShards: number): CreditDeps => ({
  ledger: new DynamoLedgerRepository({ balanceShards }),
  clock: systemClock,
  prices,
});
const sharded = depsWith(4);

/** balance = sum of entries, never negative, and each shard on its own never negative either. */
async function expectConsistent(workspaceId: string, deps: CreditDeps = sharded) {
  let sum = 0;
  for await (const entry of deps.ledger.entriesBetween(workspaceId, new Date(0), new Date(Date.now() + 60_000)))
    sum += entry.credits;
  const balance = await deps.ledger.getBalance(workspaceId);
  expect(balance.balance).toBe(sum);
  expect(balance.available).toBe(balance.balance - balance.held);
  for (const shard of await readShards(workspaceId)) {
    expect(shard.available).toBeGreaterThanOrEqual(0);
    expect(shard.held).toBeGreaterThanOrEqual(0);
    expect(shard.available).toBe(shard.balance - shard.held);
  }
  return balance;
}

async function funded(credits: number, deps: CreditDeps = sharded) {
  const { workspaceId } = await seedWorkspace();
  await grantCredits({ workspaceId, credits, reason: 'test', grantedBy: 'test', operationId: 'fund' }, deps);
  return workspaceId;
}

const hold = (workspaceId: string, operationId: string, quantity: number, deps: CreditDeps = sharded) =>
  holdCredits({ workspaceId, operationId, sku: 'test.op', quantity }, deps);

describe('sharded credit balance', () => {
  it('spreads a grant over the shards, the remainder on shard 0', async () => {
    // Act
    const workspaceId = await funded(30);
    // Assess: 30 over 4 shards is 7 each, shard 0 taking the 2 left over
    const shards = (await readShards(workspaceId)).sort((a, b) => a.shard - b.shard);
    expect(shards.map((shard) => [shard.shard, shard.balance])).toEqual([
      [0, 9],
      [1, 7],
      [2, 7],
      [3, 7],
    ]);
    expect(await expectConsistent(workspaceId)).toMatchObject({ balance: 30, held: 0, available: 30 });
  });

  it('lets exactly 30 of 50 concurrent holds of 1 through on a balance of 30', async () => {
    // Prepare
    const workspaceId = await funded(30);
    // Act
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => hold(workspaceId, `h-${i}`, 1)));
    // Assess
    const placed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(placed).toHaveLength(30);
    expect(refused).toHaveLength(20);
    for (const reason of refused) expect(reason).toBeInstanceOf(InsufficientCreditsError);
    expect(await expectConsistent(workspaceId)).toMatchObject({ balance: 30, held: 30, available: 0 });
  });

  it('serves a hold no one shard covers by moving credits into one shard; past the total it is a 402', async () => {
    // Prepare: 40 credits, 10 on each of the 4 shards
    const workspaceId = await funded(40);
    // Act
    const placed = await hold(workspaceId, 'big', 35);
    const refused = hold(workspaceId, 'too-big', 6);
    // Assess: the hold's shard carries all 35; the other 5 stay available elsewhere
    await expect(refused).rejects.toThrow('needs 6 credits and 5 are available');
    const shards = await readShards(workspaceId);
    expect(shards.find((shard) => shard.shard === placed.balanceShard)).toMatchObject({ held: 35 });
    expect(await expectConsistent(workspaceId)).toMatchObject({ balance: 40, held: 35, available: 5 });
    await settleHold({ workspaceId, operationId: 'big', quantity: 20 }, sharded);
    expect(await expectConsistent(workspaceId)).toMatchObject({ balance: 20, held: 0, available: 20 });
  });

  it('places, settles and releases once under retry, each on the hold’s own shard', async () => {
    // Prepare
    const workspaceId = await funded(100);
    // Act: every step retried at once
    const placed = await Promise.all([1, 2, 3].map(() => hold(workspaceId, 'settled-op', 20)));
    const other = await hold(workspaceId, 'released-op', 10);
    const settles = await Promise.allSettled(
      [1, 2, 3].map(() => settleHold({ workspaceId, operationId: 'settled-op', quantity: 12 }, sharded)),
    );
    const releases = await Promise.all(
      [1, 2, 3].map(() => releaseHold({ workspaceId, operationId: 'released-op' }, sharded)),
    );
    const lateRelease = await releaseHold({ workspaceId, operationId: 'settled-op' }, sharded);
    // Assess
    expect(new Set(placed.map((one) => one.balanceShard)).size).toBe(1);
    for (const settle of settles)
      expect(settle).toMatchObject({ status: 'fulfilled', value: { hold: { status: 'settled', chargedCredits: 12 } } });
    for (const release of releases) expect(release.status).toBe('released');
    expect(lateRelease.status).toBe('settled');
    expect(other.balanceShard).toBeGreaterThanOrEqual(0);
    const balance = await expectConsistent(workspaceId);
    expect(balance).toMatchObject({ balance: 88, held: 0, available: 88 });
  });

  it('keeps balance = sum of entries through a random mix of grants, debits, holds, settles and releases', async () => {
    // Prepare
    const workspaceId = await funded(200);
    const random = (n: number) => Math.floor(Math.random() * n);
    let leftOpen = 0;
    // Act: 120 operations at once, asking for more than there is
    await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const kind = i % 5;
        try {
          if (kind === 0) {
            await grantCredits(
              { workspaceId, credits: 1 + random(20), reason: 'mix', grantedBy: 'test', operationId: `g-${i}` },
              sharded,
            );
          } else if (kind === 1) {
            await debit({ workspaceId, operationId: `d-${i}`, sku: 'test.op', quantity: 1 + random(15) }, sharded);
          } else {
            const placed = await hold(workspaceId, `h-${i}`, 1 + random(15));
            if (kind === 4) leftOpen += placed.credits;
            if (kind === 2) await settleHold({ workspaceId, operationId: `h-${i}`, quantity: random(10) }, sharded);
            if (kind === 3) await releaseHold({ workspaceId, operationId: `h-${i}` }, sharded);
          }
        } catch (error) {
          if (!(error instanceof InsufficientCreditsError)) throw error;
        }
      }),
    );
    // Assess: the kind-4 holds stay open; everything else is closed
    const balance = await expectConsistent(workspaceId);
    expect(balance.held).toBe(leftOpen);
  });

  it('keeps a capped month within its cap across shards', async () => {
    // Prepare: plenty of credits, a cap of 20, eight holds of 6 at once
    const workspaceId = await funded(1000);
    const capped = (operationId: string) =>
      holdCredits({ workspaceId, operationId, sku: 'test.op', quantity: 6 }, sharded, { monthlyCap: 20 });
    // Act
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => capped(`capped-${i}`)));
    // Assess: three fit (18); the rest are refused as over the cap
    const month = new Date().toISOString().slice(0, 7);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of outcomes.filter((candidate) => candidate.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(MonthlyCapReachedError);
    expect(monthTotal(await readMonth(workspaceId, month))).toBe(18);
    await expectConsistent(workspaceId);
  });

  it('keeps a workspace from before sharding working: its one balance item is shard 0', async () => {
    // Prepare: the single-item design (one shard) funds the workspace and places a hold
    const single = depsWith(1);
    const workspaceId = await funded(100, single);
    await hold(workspaceId, 'legacy', 30, single);
    const { client, tableName } = table();
    // A hold placed before shards existed has no shard recorded.
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.creditHold(workspaceId, 'legacy'),
        UpdateExpression: 'REMOVE balanceShard',
      }),
    );
    const items = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':prefix': 'CREDITS' },
      }),
    );
    expect(items.Items?.map((item) => item.SK)).toEqual(['CREDITS']);
    // Act: the sharded design takes over
    const before = await sharded.ledger.getBalance(workspaceId);
    await settleHold({ workspaceId, operationId: 'legacy', quantity: 25 }, sharded);
    await debit({ workspaceId, operationId: 'after', sku: 'test.op', quantity: 60 }, sharded);
    await grantCredits(
      { workspaceId, credits: 40, reason: 'top-up', grantedBy: 'test', operationId: 'top-up' },
      sharded,
    );
    // Assess
    expect(before).toMatchObject({ balance: 100, held: 30, available: 70 });
    expect(await expectConsistent(workspaceId)).toMatchObject({ balance: 55, held: 0, available: 55 });
    expect((await readShards(workspaceId)).length).toBe(4);
  });
});
