import { describe, expect, it } from 'vitest';
import { entriesInRange, nextFilteredPage, type FetchPage } from '../../../../../web/src/console/usage/ledger-pages.ts';
import type { LedgerEntry } from '../../../../../web/src/console/usage/types.ts';
import { grant, usage } from './fixtures.ts';

/** A ledger of one entry per day (usage on even days, grants on odd), newest first, paged like the tool. */
function ledger(days: number): {
  fetchPage: FetchPage;
  calls: { cursor: string | undefined; limit: number }[];
  entries: LedgerEntry[];
} {
  const entries: LedgerEntry[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString();
    entries.push(i % 2 === 0 ? usage(at, 1, 'audio.tts') : grant(at, 10));
  }
  const calls: { cursor: string | undefined; limit: number }[] = [];
  const fetchPage: FetchPage = async (cursor, limit) => {
    calls.push({ cursor, limit });
    const start = cursor ? Number(cursor) : 0;
    const items = entries.slice(start, start + limit);
    return { items, nextCursor: start + limit < entries.length ? String(start + limit) : null };
  };
  return { fetchPage, calls, entries };
}

describe('filtered paging over list_credit_transactions', () => {
  it('reads as many pages as it takes to fill a page of matches, keeping every match of each page', async () => {
    const { fetchPage, calls } = ledger(300);
    const page = await nextFilteredPage(fetchPage, { kinds: ['usage'] }, undefined, 60);
    expect(page.items.every((entry) => entry.type === 'usage')).toBe(true);
    expect(page.items).toHaveLength(60);
    expect(page.scanned).toBe(120);
    expect(calls).toEqual([
      { cursor: undefined, limit: 60 },
      { cursor: '60', limit: 60 },
    ]);
    expect(page.nextCursor).toBe('120');
  });

  it('continues from the cursor without skipping or repeating an entry', async () => {
    const { fetchPage, entries } = ledger(130);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await nextFilteredPage(fetchPage, { kinds: [] }, cursor, 50);
      seen.push(...page.items.map((entry) => entry.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(entries.map((entry) => entry.id));
  });

  it('stops at the first page reaching past the start of the date range: older entries cannot match', async () => {
    const { fetchPage, calls } = ledger(300);
    // Days 2026-01-01 + 290 … : the newest ten days, all in the first page of 50.
    const page = await nextFilteredPage(
      fetchPage,
      { kinds: [], range: { from: '2026-10-18', to: '2026-12-01' } },
      undefined,
      50,
    );
    expect(calls).toHaveLength(1);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((entry) => entry.occurredAt.slice(0, 10))).toEqual([
      '2026-10-27',
      '2026-10-26',
      '2026-10-25',
      '2026-10-24',
      '2026-10-23',
      '2026-10-22',
      '2026-10-21',
      '2026-10-20',
      '2026-10-19',
      '2026-10-18',
    ]);
  });

  it('bounds one request by maxPages and hands back the cursor to go on', async () => {
    const { fetchPage, calls } = ledger(1000);
    const page = await nextFilteredPage(fetchPage, { kinds: ['expiry'] }, undefined, 50, 3);
    expect(page.items).toEqual([]);
    expect(calls).toHaveLength(3);
    expect(page.nextCursor).toBe('150');
  });

  it('collects every entry of a range for the chart, in pages of 200, and says whether it got them all', async () => {
    const { fetchPage, calls } = ledger(500);
    // The newest day is 2027-05-15; March 2027 lies within the first page, whose end is older.
    const all = await entriesInRange(fetchPage, { from: '2027-03-01', to: '2027-04-01' });
    expect(all.complete).toBe(true);
    expect(all.entries).toHaveLength(31);
    expect(calls.map((call) => call.limit)).toEqual([200]);
    const cut = await entriesInRange(fetchPage, { from: '2026-06-01', to: '2027-06-01' }, 1);
    expect(cut).toMatchObject({ complete: false });
    expect(cut.entries).toHaveLength(200);
  });
});
