// Reading the ledger through list_credit_transactions, which pages newest first with a cursor and has no
// filters of its own: filters are applied here, and a date range stops the paging as soon as a page
// reaches entries older than its start (everything after them is older still).
import { walkPages, type Page } from '../../mcp/pages.ts';
import type { ToolClient } from '../../mcp/tools.ts';
import { contains, dayOf, type DayRange } from './range.ts';
import type { EntryKind, LedgerEntry } from './types.ts';

export type FetchPage = (cursor: string | undefined, limit: number) => Promise<Page<LedgerEntry>>;

/** The ledger as the tool pages it, newest first. */
export const ledgerPages =
  (tools: ToolClient): FetchPage =>
  (cursor, limit) =>
    tools.call('list_credit_transactions', { limit, ...(cursor ? { cursor } : {}) });

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
  const limit = Math.min(200, Math.max(want, 50));
  const nextCursor = await walkPages(
    (next) => fetchPage(next, limit),
    (page) => {
      scanned += page.length;
      items.push(...page.filter((entry) => matchesFilter(entry, filter)));
      const last = page.at(-1);
      if (last && olderThan(last, filter.range)) return 'done';
      return items.length < want ? 'more' : 'enough';
    },
    { from: cursor, maxPages },
  );
  return { items, nextCursor, scanned };
}

export interface RangeEntries {
  readonly entries: LedgerEntry[];
  /** False when `maxPages` ran out before the range's start: the chart then shows only the newest part. */
  readonly complete: boolean;
}

/** Every entry of the range, for the chart (pages of 200, at most `maxPages` of them). */
export async function entriesInRange(fetchPage: FetchPage, range: DayRange, maxPages = 50): Promise<RangeEntries> {
  const entries: LedgerEntry[] = [];
  const rest = await walkPages(
    (cursor) => fetchPage(cursor, 200),
    (page) => {
      entries.push(...page.filter((entry) => contains(range, entry.occurredAt)));
      const last = page.at(-1);
      return last && olderThan(last, range) ? 'done' : 'more';
    },
    { maxPages },
  );
  return { entries, complete: rest === null };
}
