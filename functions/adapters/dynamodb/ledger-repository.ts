// adapter: CreditLedgerStore on the single table: balance item, ledger entries, operation markers, holds
// (key design in table-design.ts). Every write that moves credits is one TransactWriteItems:
//
//   append (debit, grant, purchase)          settle a hold                    release a hold
//   ┌──────────────────────────────────┐     ┌──────────────────────────┐     ┌──────────────────────────┐
//   │ LEDGEROP#op  put, if absent      │     │ HOLD#op   held → settled │     │ HOLD#op  held → released │
//   │ LEDGER#t#id  put                 │     │ LEDGEROP#op put, if absent│     │ CREDITS  held -= h,      │
//   │ CREDITS      balance += c,       │     │ LEDGER#t#id put          │     │          available += h  │
//   │              available += c,     │     │ CREDITS  balance -= c,   │     └──────────────────────────┘
//   │   if c < 0: available >= -c      │     │   held -= h, avail += h-c│
//   │ WORKSPACE    exists (grants)     │     └──────────────────────────┘
//   └──────────────────────────────────┘
//
// DynamoDB conditions cannot do arithmetic (no `balance - held >= n`), so the balance item keeps
// `available` (= balance - held) as an attribute of its own and every write moves it with the others.
import { createHash } from 'node:crypto';
import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { InsufficientCreditsError, MonthlyCapReachedError } from '#core/credits/errors';
import { CREDIT_UNIT, type CreditBalance, type LedgerEntry, type UsageEntry } from '#core/credits/ledger-entry';
import type { AppendResult, CreditHold, CreditLedgerStore } from '#core/credits/ports';
import { ConflictError, NotFoundError } from '#core/errors';
import type { Page, PageQuery } from '#core/pagination';
import { table } from './client.ts';
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
import { keys, OPEN_HOLD_SHARDS, TTL_ATTRIBUTE } from './table-design.ts';

type CancellationReason = NonNullable<TransactionCanceledException['CancellationReasons']>[number];

/** Attempts of a transaction that lost a race on the balance item to a concurrent one (TransactionConflict). */
const TRANSACTION_ATTEMPTS = 10;

/** The open-holds shard of a hold: stable, and spread evenly over OPEN_HOLD_SHARDS. */
const shardOf = (workspaceId: string, operationId: string) =>
  createHash('sha256').update(`${workspaceId}#${operationId}`).digest().readUInt16BE(0) % OPEN_HOLD_SHARDS;

const HOLD_KEY = { pk: /^WS#(.+)$/, sk: /^HOLD#(.+)$/ };

/**
 * Moves the hold's month counter by `delta`; with a cap, only while it stays within it (DynamoDB
 * conditions do no arithmetic: `credits + delta ≤ cap` is sent as `credits ≤ cap − delta`). A counter
 * lives until two months after its own (TTL).
 */
function monthCounter(hold: CreditHold, delta: number, cap: number | null = null): TransactItem[] {
  if (!hold.month) return [];
  const [year, month] = hold.month.split('-').map(Number);
  const expires = Date.UTC(year!, month! + 2, 1) / 1000;
  return [
    {
      Update: {
        TableName: table().tableName,
        Key: keys.creditMonth(hold.workspaceId, hold.month),
        UpdateExpression: 'ADD credits :delta SET #ttl = if_not_exists(#ttl, :ttl)',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':delta': delta,
          ':ttl': expires,
          ...(cap === null ? {} : { ':room': cap - delta }),
        },
        ...(cap === null ? {} : { ConditionExpression: 'attribute_not_exists(credits) OR credits <= :room' }),
      },
    },
  ];
}

function reasonItem(reason: CancellationReason | undefined): Record<string, unknown> | undefined {
  return reason?.Item ? unmarshall(reason.Item) : undefined;
}

/** Transactions of this process run again after losing a race on an item (read by the debit benchmark). */
export const ledgerTransactionStats = { conflictRetries: 0 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a transaction; when it was cancelled only because a concurrent transaction held one of its items
 * (TransactionConflict), runs it again after a jittered, growing pause. Safe: every ledger transaction is
 * conditioned on its operation, so a run that did commit cannot commit twice. Condition failures are
 * handed to `onCancelled`, which returns the answer or throws the domain error.
 */
async function transact<T>(
  items: TransactItem[],
  onCommitted: () => T,
  onCancelled: (reasons: CancellationReason[]) => Promise<T> | T,
): Promise<T> {
  const { client } = table();
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items }));
      return onCommitted();
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : undefined;
      const conditionFailed = reasons?.some((reason) => reason.Code === 'ConditionalCheckFailed') ?? false;
      if (reasons && conditionFailed) return onCancelled(reasons);
      const raced =
        reasons?.some((reason) => reason.Code === 'TransactionConflict') ||
        error instanceof TransactionConflictException;
      if (!raced) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) {
        throw new ConflictError('The credit balance is busy with other operations; retry shortly', {
          cause: error,
          retryAfterSeconds: 1,
        });
      }
      ledgerTransactionStats.conflictRetries++;
      await sleep(Math.random() * Math.min(1000, 10 * 2 ** attempt));
    }
  }
}

export class DynamoLedgerRepository extends DynamoLedgerReader implements CreditLedgerStore {
  async getBalance(workspaceId: string): Promise<CreditBalance> {
    const balance = await getItem(keys.creditBalance(workspaceId));
    return {
      workspaceId,
      balance: Number(balance?.balance ?? 0),
      held: Number(balance?.held ?? 0),
      available: Number(balance?.available ?? 0),
      unit: CREDIT_UNIT,
      updatedAt: typeof balance?.updatedAt === 'string' ? balance.updatedAt : null,
    };
  }

  async append(entry: LedgerEntry, options: { requireWorkspace?: boolean } = {}): Promise<AppendResult> {
    const { tableName } = table();
    const entryKey = keys.ledgerEntry(entry.workspaceId, entry.occurredAt, entry.id);
    const items: TransactItem[] = [
      this.markerPut(entry, entryKey.SK),
      newItemPut({ ...entryKey, entity: 'LedgerEntry', ...entry }),
      this.balanceUpdate(entry.workspaceId, entry.credits, entry.occurredAt),
    ];
    if (options.requireWorkspace) {
      items.push({
        ConditionCheck: {
          TableName: tableName,
          Key: keys.workspace(entry.workspaceId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      });
    }
    return transact<AppendResult>(
      items,
      () => ({ applied: true, entry }),
      async (reasons) => {
        const marker = reasonItem(reasons[0]);
        if (reasons[0]?.Code === 'ConditionalCheckFailed' && marker) {
          const existing = await this.entryAt(entry.workspaceId, String(marker.entrySK));
          if (!existing) throw new Error(`Ledger operation ${entry.operationId} names a missing entry`);
          return { applied: false, entry: existing };
        }
        if (reasons[3]?.Code === 'ConditionalCheckFailed') throw new NotFoundError('Workspace not found');
        if (reasons[2]?.Code === 'ConditionalCheckFailed') throw this.insufficient(-entry.credits, reasons[2]);
        throw new Error(`Ledger append cancelled: ${reasons.map((reason) => reason.Code).join(', ')}`);
      },
    );
  }

  async placeHold(
    hold: CreditHold,
    monthlyCap: number | null = null,
  ): Promise<{ placed: true; hold: CreditHold } | { placed: false; hold: CreditHold }> {
    const { tableName } = table();
    if (monthlyCap !== null && hold.credits > monthlyCap) throw new MonthlyCapReachedError(monthlyCap);
    const balanceKey = keys.creditBalance(hold.workspaceId);
    return transact<{ placed: true; hold: CreditHold } | { placed: false; hold: CreditHold }>(
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
        {
          Update: {
            TableName: tableName,
            Key: balanceKey,
            UpdateExpression: 'SET available = available - :n, held = held + :n, updatedAt = :now',
            ConditionExpression: 'available >= :n',
            ExpressionAttributeValues: { ':n': hold.credits, ':now': hold.createdAt },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        ...monthCounter(hold, hold.credits, monthlyCap),
      ],
      () => ({ placed: true, hold }),
      (reasons) => {
        const existing = reasonItem(reasons[0]);
        if (reasons[0]?.Code === 'ConditionalCheckFailed' && existing)
          return { placed: false, hold: toEntity<CreditHold>(existing) };
        if (reasons[1]?.Code !== 'ConditionalCheckFailed' && reasons[2]?.Code === 'ConditionalCheckFailed')
          throw new MonthlyCapReachedError(monthlyCap!);
        throw this.insufficient(hold.credits, reasons[1]);
      },
    );
  }

  async getHold(workspaceId: string, operationId: string): Promise<CreditHold | undefined> {
    return getEntity<CreditHold>(keys.creditHold(workspaceId, operationId));
  }

  async settleHold(hold: CreditHold, entry: UsageEntry | null, closedAt: string): Promise<CreditHold> {
    const { tableName } = table();
    const charge = entry ? -entry.credits : 0;
    const entryKey = entry ? keys.ledgerEntry(entry.workspaceId, entry.occurredAt, entry.id) : undefined;
    const settled: CreditHold = {
      ...hold,
      status: 'settled',
      closedAt,
      chargedCredits: charge,
      ...(entry ? { entryId: entry.id } : {}),
    };
    const items: TransactItem[] = [this.closeHold(hold, settled)];
    if (entry && entryKey) {
      items.push(this.markerPut(entry, entryKey.SK), newItemPut({ ...entryKey, entity: 'LedgerEntry', ...entry }));
    }
    items.push({
      Update: {
        TableName: tableName,
        Key: keys.creditBalance(hold.workspaceId),
        // The whole hold leaves `held`; what was not charged returns to `available`.
        UpdateExpression:
          'SET balance = balance - :charge, held = held - :held, available = available + :freed, updatedAt = :now',
        ConditionExpression: 'held >= :held AND balance >= :charge',
        ExpressionAttributeValues: {
          ':charge': charge,
          ':held': hold.credits,
          ':freed': hold.credits - charge,
          ':now': closedAt,
        },
      },
    });
    items.push(...monthCounter(hold, charge - hold.credits));
    return transact(
      items,
      () => settled,
      (reasons) => {
        const current = reasonItem(reasons[0]);
        if (reasons[0]?.Code === 'ConditionalCheckFailed' && current) return toEntity<CreditHold>(current);
        if (reasons[1]?.Code === 'ConditionalCheckFailed' && entry) {
          throw new ConflictError(`Operation ${hold.operationId} was already charged outside its hold`);
        }
        throw new Error(
          `Settling hold ${hold.operationId} cancelled: ${reasons.map((reason) => reason.Code).join(', ')}`,
        );
      },
    );
  }

  async releaseHold(hold: CreditHold, closedAt: string): Promise<CreditHold> {
    const { tableName } = table();
    const released: CreditHold = { ...hold, status: 'released', closedAt };
    return transact(
      [
        this.closeHold(hold, released),
        {
          Update: {
            TableName: tableName,
            Key: keys.creditBalance(hold.workspaceId),
            UpdateExpression: 'SET held = held - :n, available = available + :n, updatedAt = :now',
            ConditionExpression: 'held >= :n',
            ExpressionAttributeValues: { ':n': hold.credits, ':now': closedAt },
          },
        },
        ...monthCounter(hold, -hold.credits),
      ],
      () => released,
      (reasons) => {
        const current = reasonItem(reasons[0]);
        if (reasons[0]?.Code === 'ConditionalCheckFailed' && current) return toEntity<CreditHold>(current);
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

  /** Moves balance and available by `credits`; a negative move needs that much available. */
  private balanceUpdate(workspaceId: string, credits: number, now: string): TransactItem {
    const { tableName } = table();
    if (credits >= 0) {
      return {
        Update: {
          TableName: tableName,
          Key: keys.creditBalance(workspaceId),
          UpdateExpression:
            'SET balance = if_not_exists(balance, :zero) + :c, available = if_not_exists(available, :zero) + :c, ' +
            'held = if_not_exists(held, :zero), updatedAt = :now, workspaceId = :ws, entity = :entity',
          ExpressionAttributeValues: {
            ':zero': 0,
            ':c': credits,
            ':now': now,
            ':ws': workspaceId,
            ':entity': 'CreditBalance',
          },
        },
      };
    }
    return {
      Update: {
        TableName: tableName,
        Key: keys.creditBalance(workspaceId),
        UpdateExpression: 'SET balance = balance - :n, available = available - :n, updatedAt = :now',
        ConditionExpression: 'available >= :n',
        ExpressionAttributeValues: { ':n': -credits, ':now': now },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    };
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

  private insufficient(required: number, reason: CancellationReason | undefined): InsufficientCreditsError {
    const balance = reasonItem(reason);
    return new InsufficientCreditsError(required, balance ? Number(balance.available ?? 0) : 0);
  }
}
