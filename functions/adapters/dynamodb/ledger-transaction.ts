// adapter: how the ledger runs a TransactWriteItems (ledger-repository.ts, credit-balance-shards.ts): retried
// while it only lost a race on an item, condition failures handed back to the caller with their items.
import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ConflictError } from '#core/errors';
import { table } from './client.ts';
import type { TransactItem } from './entities.ts';

export type CancellationReason = NonNullable<TransactionCanceledException['CancellationReasons']>[number];

/** Attempts of a transaction that lost a race on an item to a concurrent one (TransactionConflict). */
const TRANSACTION_ATTEMPTS = 10;

/** Transactions of this process run again after losing a race on an item (read by the debit benchmark). */
export const ledgerTransactionStats = { conflictRetries: 0 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The item a cancelled transaction's condition failed on (ReturnValuesOnConditionCheckFailure: ALL_OLD). */
export function reasonItem(reason: CancellationReason | undefined): Record<string, unknown> | undefined {
  return reason?.Item ? unmarshall(reason.Item) : undefined;
}

export const conditionFailed = (reason: CancellationReason | undefined) => reason?.Code === 'ConditionalCheckFailed';

/**
 * Runs a transaction; when it was cancelled only because a concurrent transaction held one of its items
 * (TransactionConflict), runs it again after a jittered, growing pause. Safe: every ledger transaction is
 * conditioned on its operation, so a run that did commit cannot commit twice. Condition failures are
 * handed to `onCancelled`, which returns the answer or throws the domain error.
 */
export async function transact<T>(
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
      if (reasons?.some(conditionFailed)) return onCancelled(reasons);
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
