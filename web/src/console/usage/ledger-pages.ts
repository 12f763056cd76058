// Reading the ledger through list_credit_transactions, which pages newest first with a cursor and has no
// filters of its own: filters are applied here, and a date range stops the paging as soon as a page
// reaches entries older than its start (everything after them is older still).
import { contains, dayOf, type DayRange } from './range.ts';
import type { EntryKind, LedgerEntry, TransactionPage } from './types.ts';

export type FetchPage = (cursor: string | undefined, limit: number) => Promise<TransactionPage>;

export interface EntryFilter {
  /** Empty: every kind. */
  readonly kinds: readonly EntryKind[];
  readonly range?: DayRange;
}

export const matchesFilter = (entry: LedgerEntry, filter: EntryFilter): boolean =>
  (filter.kinds.length === 0 || filter.kinds.includes(entry.type)) &&
  (!filter.range || contains(filter.range, entry.occurredAt));

const olderThan = (entry: LedgerEntry, range: DayRange | undefined) =>
  range !== undefined && dayOf(entry.occurredAt) < range.from;

export interface FilteredPage {
  readonly items: LedgerEntry[];
  /** Where the next page starts; null when no older entry can match. */
  readonly nextCursor: string | null;
  /** Entries read to find these (more than shown when the filter skips some). */
  readonly scanned: number;
}

/**
 * At least `want` matching entries (all the matches of every page read, so no entry is skipped
 * between pages), or fewer when the ledger or the range ends first. `maxPages` bounds one click's work
 * when a filter matches rarely; the cursor then lets the person go on.
 */
export async function nextFilteredPage(
  fetchPage: FetchPage,
  filter: EntryFilter,
  cursor: string | undefined,
  want: number,
  maxPages = 10,
): Promise<FilteredPage> {
  const items: LedgerEntry[] = [];
  let scanned = 0;
  let next: string | null | undefined = cursor;
  for (let pages = 0; pages < maxPages && items.length < want; pages++) {
    const page = await fetchPage(next ?? undefined, Math.min(200, Math.max(want, 50)));
    scanned += page.items.length;
    items.push(...page.items.filter((entry) => matchesFilter(entry, filter)));
    const last = page.items.at(-1);
    if (!page.nextCursor || (last && olderThan(last, filter.range))) return { items, nextCursor: null, scanned };
    next = page.nextCursor;
  }
  return { items, nextCursor: next ?? null, scanned };
}

export interface RangeEntries {
  readonly entries: LedgerEntry[];
  /** False when `maxPages` ran out before the range's start: the chart then shows only the newest part. */
  readonly complete: boolean;
}

/** Every entry of the range, for the chart (pages of 200, at most `maxPages` of them). */
export async function entriesInRange(fetchPage: FetchPage, range: DayRange, maxPages = 50): Promise<RangeEntries> {
  const entries: LedgerEntry[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < maxPages; pages++) {
    const page = await fetchPage(cursor, 200);
    entries.push(...page.items.filter((entry) => contains(range, entry.occurredAt)));
    const last = page.items.at(-1);
    if (!page.nextCursor || (last && olderThan(last, range))) return { entries, complete: true };
    cursor = page.nextCursor;
  }
  return { entries, complete: false };
}
