// core: the ledger's persistence port and the hold record. functions/adapters/dynamodb/ledger-repository.ts implements
// it.
import type { Page, PageQuery } from '../pagination.ts';
import type {
  CreditBalance,
  LedgerEntry,
  LedgerReader,
  UsageEntry,
  UsagePricing,
  UsageResource,
} from './ledger-entry.ts';

/**
 * Credits reserved for one operation before its provider job is submitted. A hold moves credits from
 * `available` to `held` without touching `balance`; settling it writes the usage entry (charging at most
 * what was held) and frees the rest; releasing it frees everything. Each happens once: the hold's
 * status moves held → settled or held → released under a condition, so a retried step finds it done.
 */
export interface CreditHold {
  workspaceId: string;
  /** The operation the hold pays for; also the key of the hold and the operation id of its usage entry. */
  operationId: string;
  status: 'held' | 'settled' | 'released';
  /** Credits reserved: `pricing.pricingQuantity × pricing.unitPrice`. */
  credits: number;
  /** The price taken at hold time (the settle charges at this price) and the units reserved. */
  pricing: Omit<UsagePricing, 'quantity'>;
  resource: UsageResource;
  description?: string;
  createdAt: string;
  /** When an open hold counts as abandoned (its operation's process died): see docs/billing.md. */
  expiresAt: string;
  /** Set by the settle or release that closed the hold. */
  closedAt?: string;
  /**
   * The UTC month (YYYY-MM) whose generation counter carries the hold (the integration policy's monthly
   * cap): the hold's credits while open, its charge once settled. Absent on holds placed before it existed.
   */
  month?: string;
  /**
   * The balance shard whose credits the hold reserved (set by the store when it places the hold; settle
   * and release move that shard). Absent on holds placed before shards existed: shard 0.
   */
  balanceShard?: number;
  /** Settled: the usage entry written (absent when nothing was charged) and the credits charged. */
  entryId?: string;
  chargedCredits?: number;
}

/** What writing an entry did: `applied`, or nothing because its operation id had been recorded already. */
export type AppendResult = { applied: true; entry: LedgerEntry } | { applied: false; entry: LedgerEntry };

export interface CreditLedgerStore extends LedgerReader {
  /** The balance (strongly consistent; the sum of its shards); zeros for a workspace that never had credits. */
  getBalance(workspaceId: string): Promise<CreditBalance>;
  /**
   * Writes `entry` and moves the balance by `entry.credits` in one transaction, once per operation id.
   * A negative change needs `available >= -credits`, else InsufficientCreditsError and nothing is
   * written. With `requireWorkspace`, an unknown workspace is a NotFoundError and nothing is written.
   */
  append(entry: LedgerEntry, options?: { requireWorkspace?: boolean }): Promise<AppendResult>;
  /**
   * Places the hold (status `held`) if the workspace has `hold.credits` available; once per operation id.
   * Adds them to the hold's month counter in the same transaction, which must stay within `monthlyCap`
   * when one is given (else MonthlyCapReachedError and nothing is written). Settling or releasing the hold
   * moves that counter to what was charged.
   */
  placeHold(
    hold: CreditHold,
    monthlyCap?: number | null,
  ): Promise<{ placed: true; hold: CreditHold } | { placed: false; hold: CreditHold }>;
  getHold(workspaceId: string, operationId: string): Promise<CreditHold | undefined>;
  /**
   * Closes an open hold as settled: writes `entry` (null when nothing is charged), charges its credits
   * and releases the whole hold from `held`, in one transaction conditioned on the hold still being held.
   * Returns the hold as stored afterwards (a concurrent close wins; the caller inspects its status).
   */
  settleHold(hold: CreditHold, entry: UsageEntry | null, closedAt: string): Promise<CreditHold>;
  /** Closes an open hold as released (its credits return to `available`); returns the hold as stored afterwards. */
  releaseHold(hold: CreditHold, closedAt: string): Promise<CreditHold>;
  /** One page of entries, newest first. */
  listEntries(workspaceId: string, page: PageQuery): Promise<Page<LedgerEntry>>;
  /** The entry an operation id wrote, if any. */
  entryOfOperation(workspaceId: string, operationId: string): Promise<LedgerEntry | undefined>;
  /**
   * Holds still open whose `expiresAt` is before `cutoff` (ISO), at most `limit` per index shard.
   * Eventually consistent: the caller re-reads each hold before acting on it.
   */
  listExpiredHolds(cutoff: string, limit: number): Promise<{ workspaceId: string; operationId: string }[]>;
}
