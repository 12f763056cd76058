// adapter: CreditLedgerStore on the single table: balance item, ledger entries, operation markers, holds
// (key design in table-design.ts). Every write that moves credits is one TransactWriteItems:
//
//   append (debit, grant, purchase)          settle a hold                    release a hold
//   ┌──────────────────────────────────┐     ┌──────────────────────────┐     ┌──────────────────────────┐
//   │ LEDGEROP#op  put, if absent      │     │ HOLD#op   held → settled │     │ HOLD#op  held → released │
//   │ LEDGER#t#id  put                 │     │ LEDGEROP#op put, if absent│     │ CREDITS#s held -= h,     │
//   │ CREDITS#s    balance += c,       │     │ LEDGER#t#id put          │     │          available += h  │
//   │              available += c,     │     │ CREDITS#s balance -= c,  │     └──────────────────────────┘
//   │   if c < 0: available >= -c      │     │   held -= h, avail += h-c│
//   │   (c > 0: split over the shards) │     └──────────────────────────┘
//   │ WORKSPACE    exists (grants)     │
//   └──────────────────────────────────┘
//
// CREDITS#s is one balance shard (credit-balance-shards.ts picks it; a hold remembers its own). DynamoDB
// conditions cannot do arithmetic (no `balance - held >= n`), so each shard keeps `available`
// (= balance - held) as an attribute of its own and every write moves it with the others.
import { createHash } from 'node:crypto';
import { MonthlyCapReachedError } from '#core/credits/errors';
import type { CreditBalance, LedgerEntry, UsageEntry } from '#core/credits/ledger-entry';
import type { AppendResult, CreditHold, CreditLedgerStore } from '#core/credits/ports';
import { ConflictError, NotFoundError } from '#core/errors';
import type { Page, PageQuery } from '#core/pagination';
import { table } from './client.ts';
import {
  addToShard,
  balanceOf,
  closeOnShard,
  DEFAULT_BALANCE_SHARDS,
  debitShard,
  holdOnShard,
  MAX_BALANCE_SHARDS,
  onShardWithRoom,
  readShards,
  SHARD_SHORT,
  splitCredits,
} from './credit-balance-shards.ts';
import { monthCounter, monthTotal, readMonth, type MonthSeen } from './credit-month.ts';
import {
  getEntity,
  getItem,
  newItemPut,
  queryPrefix,
  sparseIndexBefore,
  toEntity,
  type TransactItem,
} from './entities.ts';
import { DynamoLedgerReader, toLedgerEntry } from './ledger-reader.ts';
import { conditionFailed, reasonItem, transact } from './ledger-transaction.ts';
import { keys, OPEN_HOLD_SHARDS } from './table-design.ts';

export { ledgerTransactionStats } from './ledger-transaction.ts';

/** The open-holds shard of a hold: stable, and spread evenly over OPEN_HOLD_SHARDS. */
const shardOf = (workspaceId: string, operationId: string) =>
  createHash('sha256').update(`${workspaceId}#${operationId}`).digest().readUInt16BE(0) % OPEN_HOLD_SHARDS;

const HOLD_KEY = { pk: /^WS#(.+)$/, sk: /^HOLD#(.+)$/ };

/** Attempts of a capped hold whose month shards moved between their read and its write. */
const MONTH_ATTEMPTS = 5;
/** A capped hold's month shards moved under it: read them again. */
const MONTH_MOVED = Symbol('month moved');

type Placed = { placed: true; hold: CreditHold } | { placed: false; hold: CreditHold };

export class DynamoLedgerRepository extends DynamoLedgerReader implements CreditLedgerStore {
  private readonly balanceShards: number;

  /** balanceShards: how many shards new credits spread over and debits pick from; 1 is the single balance item. */
  constructor(options: { balanceShards?: number; pageSize?: number } = {}) {
    super(options.pageSize);
    this.balanceShards = options.balanceShards ?? DEFAULT_BALANCE_SHARDS;
    if (!Number.isInteger(this.balanceShards) || this.balanceShards < 1 || this.balanceShards > MAX_BALANCE_SHARDS)
      throw new RangeError(`balanceShards must be a whole number from 1 to ${MAX_BALANCE_SHARDS}`);
  }

  async getBalance(workspaceId: string): Promise<CreditBalance> {
    return balanceOf(workspaceId, await readShards(workspaceId));
  }

  async append(entry: LedgerEntry, options: { requireWorkspace?: boolean } = {}): Promise<AppendResult> {
    const entryKey = keys.ledgerEntry(entry.workspaceId, entry.occurredAt, entry.id);
    const head = [this.markerPut(entry, entryKey.SK), newItemPut({ ...entryKey, entity: 'LedgerEntry', ...entry })];
    const workspaceCheck: TransactItem[] = options.requireWorkspace
      ? [
          {
            ConditionCheck: {
              TableName: table().tableName,
              Key: keys.workspace(entry.workspaceId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
        ]
      : [];
    const write = (balanceItems: TransactItem[]) =>
      transact<AppendResult | typeof SHARD_SHORT>(
        [...head, ...balanceItems, ...workspaceCheck],
        () => ({ applied: true, entry }),
        async (reasons) => {
          const marker = reasonItem(reasons[0]);
          if (conditionFailed(reasons[0]) && marker) {
            const existing = await this.entryAt(entry.workspaceId, String(marker.entrySK));
            if (!existing) throw new Error(`Ledger operation ${entry.operationId} names a missing entry`);
            return { applied: false, entry: existing };
          }
          if (workspaceCheck.length > 0 && conditionFailed(reasons.at(-1)))
            throw new NotFoundError('Workspace not found');
          if (conditionFailed(reasons[2])) return SHARD_SHORT;
          throw new Error(`Ledger append cancelled: ${reasons.map((reason) => reason.Code).join(', ')}`);
        },
      );
    if (entry.credits >= 0) {
      const parts = splitCredits(entry.credits, this.balanceShards);
      const result = await write(
        parts.map((part) => addToShard(entry.workspaceId, part.shard, part.credits, entry.occurredAt)),
      );
      if (result === SHARD_SHORT) throw new Error('Ledger append of added credits found a shard short');
      return result;
    }
    const required = -entry.credits;
    return onShardWithRoom(entry.workspaceId, required, this.balanceShards, (shard) =>
      write([debitShard(entry.workspaceId, shard, required, entry.occurredAt)]),
    );
  }

  async placeHold(hold: CreditHold, monthlyCap: number | null = null): Promise<Placed> {
    if (monthlyCap !== null && hold.credits > monthlyCap) throw new MonthlyCapReachedError(monthlyCap);
    return onShardWithRoom(hold.workspaceId, hold.credits, this.balanceShards, async (shard) => {
      for (let attempt = 0; attempt < MONTH_ATTEMPTS; attempt++) {
        const outcome = await this.placeOnShard({ ...hold, balanceShard: shard }, monthlyCap);
        if (outcome !== MONTH_MOVED) return outcome;
      }
      throw new ConflictError('The monthly credit counter is busy with other operations; retry shortly', {
        retryAfterSeconds: 1,
      });
    });
  }

  /**
   * One try of a hold on its shard. With a cap and several shards the month is read first (see
   * credit-month.ts); a month shard that moved since answers MONTH_MOVED, and the caller reads again.
   */
  private async placeOnShard(
    hold: CreditHold & { balanceShard: number },
    monthlyCap: number | null,
  ): Promise<Placed | typeof SHARD_SHORT | typeof MONTH_MOVED> {
    let seen: MonthSeen | undefined;
    if (monthlyCap !== null && hold.month && this.balanceShards > 1) {
      seen = await readMonth(hold.workspaceId, hold.month);
      if (monthTotal(seen) + hold.credits > monthlyCap) throw new MonthlyCapReachedError(monthlyCap);
    }
    return transact<Placed | typeof SHARD_SHORT | typeof MONTH_MOVED>(
      [
        newItemPut(
          {
            ...keys.creditHold(hold.workspaceId, hold.operationId),
            ...keys.openHold(
              shardOf(hold.workspaceId, hold.operationId),
              hold.expiresAt,
              hold.workspaceId,
              hold.operationId,
            ),
            entity: 'CreditHold',
            ...hold,
          },
          { returnExisting: true },
        ),
        holdOnShard(hold.workspaceId, hold.balanceShard, hold.credits, hold.createdAt),
        ...monthCounter(hold, hold.credits, hold.balanceShard, monthlyCap, seen, this.balanceShards),
      ],
      () => ({ placed: true, hold }),
      (reasons) => {
        const existing = reasonItem(reasons[0]);
        if (conditionFailed(reasons[0]) && existing) return { placed: false, hold: toEntity<CreditHold>(existing) };
        if (conditionFailed(reasons[1])) return SHARD_SHORT;
        if (seen) return MONTH_MOVED;
        throw new MonthlyCapReachedError(monthlyCap!);
      },
    );
  }

  async getHold(workspaceId: string, operationId: string): Promise<CreditHold | undefined> {
    return getEntity<CreditHold>(keys.creditHold(workspaceId, operationId));
  }

  async settleHold(hold: CreditHold, entry: UsageEntry | null, closedAt: string): Promise<CreditHold> {
    const charge = entry ? -entry.credits : 0;
    const entryKey = entry ? keys.ledgerEntry(entry.workspaceId, entry.occurredAt, entry.id) : undefined;
    const settled: CreditHold = {
      ...hold,
      status: 'settled',
      closedAt,
      chargedCredits: charge,
      ...(entry ? { entryId: entry.id } : {}),
    };
    const shard = hold.balanceShard ?? 0;
    const items: TransactItem[] = [this.closeHold(hold, settled)];
    if (entry && entryKey) {
      items.push(this.markerPut(entry, entryKey.SK), newItemPut({ ...entryKey, entity: 'LedgerEntry', ...entry }));
    }
    // The whole hold leaves `held` on its shard; what was not charged returns to `available`.
    items.push(closeOnShard(hold.workspaceId, shard, hold.credits, charge, closedAt));
    items.push(...monthCounter(hold, charge - hold.credits, shard));
    return transact(
      items,
      () => settled,
      (reasons) => {
        const current = reasonItem(reasons[0]);
        if (conditionFailed(reasons[0]) && current) return toEntity<CreditHold>(current);
        if (conditionFailed(reasons[1]) && entry) {
          throw new ConflictError(`Operation ${hold.operationId} was already charged outside its hold`);
        }
        throw new Error(
          `Settling hold ${hold.operationId} cancelled: ${reasons.map((reason) => reason.Code).join(', ')}`,
        );
      },
    );
  }

  async releaseHold(hold: CreditHold, closedAt: string): Promise<CreditHold> {
    const released: CreditHold = { ...hold, status: 'released', closedAt };
    const shard = hold.balanceShard ?? 0;
    return transact(
      [
        this.closeHold(hold, released),
        closeOnShard(hold.workspaceId, shard, hold.credits, 0, closedAt),
        ...monthCounter(hold, -hold.credits, shard),
      ],
      () => released,
      (reasons) => {
        const current = reasonItem(reasons[0]);
        if (conditionFailed(reasons[0]) && current) return toEntity<CreditHold>(current);
        throw new Error(
          `Releasing hold ${hold.operationId} cancelled: ${reasons.map((reason) => reason.Code).join(', ')}`,
        );
      },
    );
  }

  async listEntries(workspaceId: string, page: PageQuery): Promise<Page<LedgerEntry>> {
    const { items, nextCursor } = await queryPrefix(keys.workspacePartition(workspaceId), keys.ledgerPrefix, page, {
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return { items: items.map(toLedgerEntry), nextCursor };
  }

  async entryOfOperation(workspaceId: string, operationId: string): Promise<LedgerEntry | undefined> {
    const marker = await getItem(keys.ledgerOperation(workspaceId, operationId));
    return marker ? this.entryAt(workspaceId, String(marker.entrySK)) : undefined;
  }

  async listExpiredHolds(cutoff: string, limit: number): Promise<{ workspaceId: string; operationId: string }[]> {
    const shards = Array.from({ length: OPEN_HOLD_SHARDS }, (_, shard) => keys.openHoldPartition(shard));
    return (await sparseIndexBefore(shards, cutoff, limit)).flatMap((item) => {
      const workspaceId = HOLD_KEY.pk.exec(String(item.PK))?.[1];
      const operationId = HOLD_KEY.sk.exec(String(item.SK))?.[1];
      return workspaceId && operationId ? [{ workspaceId, operationId }] : [];
    });
  }

  private async entryAt(workspaceId: string, sk: string): Promise<LedgerEntry | undefined> {
    return getEntity<LedgerEntry>({ PK: keys.workspacePartition(workspaceId), SK: sk });
  }

  /** The operation marker: exists once per operation id, and points at the entry it wrote. */
  private markerPut(entry: LedgerEntry, entrySK: string): TransactItem {
    return newItemPut(
      {
        ...keys.ledgerOperation(entry.workspaceId, entry.operationId),
        entity: 'LedgerOperation',
        entryId: entry.id,
        entrySK,
        occurredAt: entry.occurredAt,
      },
      { returnExisting: true },
    );
  }

  /** Moves an open hold to its closed state (settled or released), only if it is still held. */
  private closeHold(hold: CreditHold, closed: CreditHold): TransactItem {
    return {
      Put: {
        TableName: table().tableName,
        Item: { ...keys.creditHold(hold.workspaceId, hold.operationId), entity: 'CreditHold', ...closed },
        ConditionExpression: '#status = :held',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':held': 'held' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    };
  }
}
