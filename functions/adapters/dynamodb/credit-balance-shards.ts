// adapter: a workspace's credit balance as N shard items (docs/billing.md "Balance shards"), so that no
// single item takes every debit of a busy workspace. Each shard keeps its own balance / held / available
// and never goes negative; the workspace's balance is their sum (one Query); the ledger entries stay one list.
//
//   debit or hold n:   try shard s (random) ── enough? ──▶ done (one transaction, as before sharding)
//                            │ short
//                            ▼
//                      read every shard ── total < n ──▶ InsufficientCreditsError (402)
//                            │
//                            ├─ shards have n ─────────▶ try one of them (at random)
//                            └─ none has n ────────────▶ move the deficit into the fullest shard
//                                                        (one transaction), then try it
//   add c (grant, purchase):  c split evenly over the N shards, the remainder on shard 0, in the entry's
//                             transaction (an amount smaller than N lands whole on shard 0)
//
// Shard 0 is the item `CREDITS` that held the whole balance before sharding: an existing workspace needs
// no migration, its first grant after the change starts filling the others. Reads and rebalancing take in
// every shard present, so a shard count lowered later strands nothing.
import { randomInt } from 'node:crypto';
import { InsufficientCreditsError } from '#core/credits/errors';
import { CREDIT_UNIT, type CreditBalance } from '#core/credits/ledger-entry';
import { ConflictError } from '#core/errors';
import { table } from './client.ts';
import { queryAll, type TransactItem } from './entities.ts';
import { transact } from './ledger-transaction.ts';
import { keys } from './table-design.ts';

/**
 * Balance shards of a workspace unless configured otherwise: each takes DynamoDB's per-item rate, so a
 * workspace's hold-and-settle rate is about this many times what one balance item allowed.
 */
export const DEFAULT_BALANCE_SHARDS = 8;
/** A transaction holds at most 100 items; a grant or a rebalance writes one per shard plus a few. */
export const MAX_BALANCE_SHARDS = 64;
/** Placement rounds (try, read, rebalance) before a debit gives up as busy (shards moving under it). */
const PLACEMENT_ROUNDS = 20;

/** What a placement attempt answers when its shard had too little available: try another. */
export const SHARD_SHORT = Symbol('shard short');

export interface ShardState {
  shard: number;
  balance: number;
  held: number;
  available: number;
  updatedAt: string | null;
}

const SHARD_SK = /^CREDITS(?:#(\d+))?$/;

/** Every balance shard of the workspace, strongly consistent (one Query; absent shards are not listed). */
export async function readShards(workspaceId: string): Promise<ShardState[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.workspacePartition(workspaceId), ':prefix': keys.creditBalancePrefix },
    ConsistentRead: true,
  });
  return items.flatMap((item) => {
    const match = SHARD_SK.exec(String(item.SK));
    if (!match) return [];
    return [
      {
        shard: Number(match[1] ?? 0),
        balance: Number(item.balance ?? 0),
        held: Number(item.held ?? 0),
        available: Number(item.available ?? 0),
        updatedAt: typeof item.updatedAt === 'string' ? item.updatedAt : null,
      },
    ];
  });
}

/** The workspace's balance: its shards summed; the latest shard change is its `updatedAt`. */
export function balanceOf(workspaceId: string, shards: readonly ShardState[]): CreditBalance {
  const sum = (field: 'balance' | 'held' | 'available') => shards.reduce((total, shard) => total + shard[field], 0);
  const times = shards.flatMap((shard) => (shard.updatedAt ? [shard.updatedAt] : [])).sort();
  return {
    workspaceId,
    balance: sum('balance'),
    held: sum('held'),
    available: sum('available'),
    unit: CREDIT_UNIT,
    updatedAt: times.at(-1) ?? null,
  };
}

/** How `credits` (≥ 0) spread over `shardCount` shards: even parts, the remainder on shard 0, no empty parts. */
export function splitCredits(credits: number, shardCount: number): { shard: number; credits: number }[] {
  const part = Math.floor(credits / shardCount);
  const parts = [{ shard: 0, credits: credits - part * (shardCount - 1) }];
  if (part > 0) for (let shard = 1; shard < shardCount; shard++) parts.push({ shard, credits: part });
  return parts;
}

const update = (
  workspaceId: string,
  shard: number,
  expression: string,
  values: Record<string, unknown>,
  condition?: string,
): TransactItem => ({
  Update: {
    TableName: table().tableName,
    Key: keys.creditBalanceShard(workspaceId, shard),
    UpdateExpression: `${expression}, updatedAt = :now`,
    ExpressionAttributeValues: values,
    ...(condition ? { ConditionExpression: condition, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
  },
});

/** Adds `credits` (≥ 0) to a shard's balance and available, creating the shard if it is new. */
export const addToShard = (workspaceId: string, shard: number, credits: number, now: string): TransactItem =>
  update(
    workspaceId,
    shard,
    'SET balance = if_not_exists(balance, :zero) + :c, available = if_not_exists(available, :zero) + :c, held = if_not_exists(held, :zero), workspaceId = :ws, entity = :entity',
    { ':zero': 0, ':c': credits, ':now': now, ':ws': workspaceId, ':entity': 'CreditBalance' },
  );

/** Takes `n` from a shard's balance and available, if it has that much available. */
export const debitShard = (workspaceId: string, shard: number, n: number, now: string): TransactItem =>
  update(
    workspaceId,
    shard,
    'SET balance = balance - :n, available = available - :n',
    { ':n': n, ':now': now },
    'available >= :n',
  );

/** Moves `n` of a shard's available to held, if it has that much available. */
export const holdOnShard = (workspaceId: string, shard: number, n: number, now: string): TransactItem =>
  update(
    workspaceId,
    shard,
    'SET available = available - :n, held = held + :n',
    { ':n': n, ':now': now },
    'available >= :n',
  );

/** Closes a hold of `held` on its shard, charging `charge` of it: the rest returns to available. */
export const closeOnShard = (workspaceId: string, shard: number, held: number, charge: number, now: string) =>
  update(
    workspaceId,
    shard,
    'SET balance = balance - :charge, held = held - :held, available = available + :freed',
    { ':charge': charge, ':held': held, ':freed': held - charge, ':now': now },
    'held >= :held AND balance >= :charge',
  );

/**
 * Runs `attempt` on a shard with enough available for `required`, as sketched at the top: a random
 * shard first, then (after one read of all shards) one that has room, or else the fullest, refilled from
 * the others. InsufficientCreditsError when the shards together are short.
 */
export async function onShardWithRoom<T>(
  workspaceId: string,
  required: number,
  shardCount: number,
  attempt: (shard: number) => Promise<T | typeof SHARD_SHORT>,
): Promise<T> {
  let shard = randomInt(shardCount);
  for (let round = 0; round < PLACEMENT_ROUNDS; round++) {
    const outcome = await attempt(shard);
    if (outcome !== SHARD_SHORT) return outcome;
    const shards = await readShards(workspaceId);
    const total = shards.reduce((sum, state) => sum + state.available, 0);
    if (total < required) throw new InsufficientCreditsError(required, total);
    // Enough in all, but not where we looked: concurrent debits took it, or it is spread thin.
    if (round > 0) await sleep(Math.random() * Math.min(200, 5 * 2 ** round));
    const usable = shards.filter((state) => state.shard < shardCount);
    // Any shard with room, at random: concurrent debits that missed do not all crowd onto one item.
    const roomy = usable.filter((state) => state.available >= required);
    if (roomy.length > 0) {
      shard = roomy[randomInt(roomy.length)]!.shard;
      continue;
    }
    const fullest = usable.reduce((best, state) => (state.available > best.available ? state : best), emptyShard(0));
    shard = fullest.shard;
    // A balance low against the debit is gathered whole on one shard: the debits that follow then find
    // it there instead of refilling shard after shard. Otherwise only the deficit moves.
    const gatherAll = total < required * shardCount;
    await refill(workspaceId, fullest, gatherAll ? total - fullest.available : required - fullest.available, shards);
  }
  throw new ConflictError('The credit balance is busy with other operations; retry shortly', {
    retryAfterSeconds: 1,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const emptyShard = (shard: number): ShardState => ({ shard, balance: 0, held: 0, available: 0, updatedAt: null });

/**
 * Moves `deficit` available credits from the other shards (fullest first) into `target`, in one
 * transaction: the sum of the shards, hence balance = sum of entries, is unchanged. A donor that changed
 * since it was read cancels the move; the caller's next round reads again.
 */
async function refill(workspaceId: string, target: ShardState, deficit: number, shards: readonly ShardState[]) {
  const now = new Date().toISOString();
  const donors = shards
    .filter((state) => state.shard !== target.shard && state.available > 0)
    .sort((a, b) => b.available - a.available);
  const items: TransactItem[] = [];
  let moved = 0;
  for (const donor of donors) {
    if (moved >= deficit) break;
    const take = Math.min(donor.available, deficit - moved);
    items.push(debitShard(workspaceId, donor.shard, take, now));
    moved += take;
  }
  if (moved === 0) return;
  items.push(addToShard(workspaceId, target.shard, moved, now));
  await transact(
    items,
    () => undefined,
    () => undefined,
  );
}
