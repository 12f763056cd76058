// adapter: the generation month counter of a workspace (integration policy's monthly cap), one per balance
// shard: a hold placed on balance shard s counts on month shard s, so a busy workspace spreads these writes
// as it spreads its balance (docs/billing.md "Balance shards"). Month shard 0 is the counter from before.
//
//   no cap, or one shard:  ADD credits δ on the hold's month shard (with a cap: if credits ≤ cap − δ)
//   cap and N shards:      read all month shards (one Query) → refuse if their sum + δ > cap; else
//                          ┌ own shard  ADD δ   if credits ≤ cap − δ − (others as read)  ┐ in the hold's
//                          └ every other shard  ConditionCheck credits ≤ as read          ┘ transaction
// A capped hold is therefore exact (no other shard grew meanwhile) at the price of touching every month
// shard: capped workspaces keep today's rate for capped operations.
import type { CreditHold } from '#core/credits/ports';
import { table } from './client.ts';
import { queryAll, type TransactItem } from './entities.ts';
import { keys, TTL_ATTRIBUTE } from './table-design.ts';

/** What each month shard had counted when read (shard → credits), for a capped hold. */
export type MonthSeen = Map<number, number>;

const MONTH_SHARD_SK = /^CREDITMONTH#\d{4}-\d{2}(?:#(\d+))?$/;

/** The month's counters, strongly consistent: one Query. */
export async function readMonth(workspaceId: string, month: string): Promise<MonthSeen> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :month)',
    ExpressionAttributeValues: {
      ':pk': keys.workspacePartition(workspaceId),
      ':month': keys.creditMonth(workspaceId, month).SK,
    },
    ConsistentRead: true,
  });
  const seen: MonthSeen = new Map();
  for (const item of items) {
    const match = MONTH_SHARD_SK.exec(String(item.SK));
    if (match) seen.set(Number(match[1] ?? 0), Number(item.credits ?? 0));
  }
  return seen;
}

export const monthTotal = (seen: MonthSeen) => [...seen.values()].reduce((sum, credits) => sum + credits, 0);

/**
 * Moves the hold's month counter on `shard` by `delta`; with a cap, only while the month stays within
 * it. Without `seen` the shard's own count is all there is (one shard); with it, the other shards must
 * still be at most what was read. A counter lives until two months after its own (TTL).
 */
export function monthCounter(
  hold: CreditHold,
  delta: number,
  shard: number,
  cap: number | null = null,
  seen?: MonthSeen,
  shardCount = 1,
): TransactItem[] {
  if (!hold.month) return [];
  const [year, month] = hold.month.split('-').map(Number);
  const expires = Date.UTC(year!, month! + 2, 1) / 1000;
  const others = seen ? monthTotal(seen) - (seen.get(shard) ?? 0) : 0;
  const own: TransactItem = {
    Update: {
      TableName: table().tableName,
      Key: keys.creditMonthShard(hold.workspaceId, hold.month, shard),
      UpdateExpression: 'ADD credits :delta SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: {
        ':delta': delta,
        ':ttl': expires,
        ...(cap === null ? {} : { ':room': cap - delta - others }),
      },
      ...(cap === null ? {} : { ConditionExpression: 'attribute_not_exists(credits) OR credits <= :room' }),
    },
  };
  if (cap === null || !seen) return [own];
  const otherShards = new Set([...Array.from({ length: shardCount }, (_, index) => index), ...seen.keys()]);
  otherShards.delete(shard);
  return [
    own,
    ...[...otherShards].map(
      (other): TransactItem => ({
        ConditionCheck: {
          TableName: table().tableName,
          Key: keys.creditMonthShard(hold.workspaceId, hold.month!, other),
          ConditionExpression: 'attribute_not_exists(credits) OR credits <= :seen',
          ExpressionAttributeValues: { ':seen': seen.get(other) ?? 0 },
        },
      }),
    ),
  ];
}
