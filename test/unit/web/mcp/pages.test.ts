// The one pager: every item of a paged tool in the server's order, cursor passed back, bounded; and the
// walk under it, which a reader stops early (a date range reached, a page of matches full).
import { describe, expect, it } from 'vitest';
import { readPages, walkPages, type Page } from '../../../../web/src/mcp/pages.ts';
import type { ToolClient } from '../../../../web/src/mcp/tools.ts';

/** Numbers 0…total-1 in pages of `size`, the cursor being where the next page starts. */
function numbers(total: number, size: number) {
  const asked: (string | undefined)[] = [];
  const fetchPage = async (cursor: string | undefined): Promise<Page<number>> => {
    asked.push(cursor);
    const start = cursor ? Number(cursor) : 0;
    const items = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => start + i);
    return { items, nextCursor: start + size < total ? String(start + size) : null };
  };
  return { fetchPage, asked };
}

describe('walkPages', () => {
  it('reads to the last page and says there is nothing further', async () => {
    // Arrange
    const { fetchPage, asked } = numbers(25, 10);
    const seen: number[] = [];

    // Act
    const rest = await walkPages(fetchPage, (items) => {
      seen.push(...items);
      return 'more';
    });

    // Assess
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(asked).toEqual([undefined, '10', '20']);
    expect(rest).toBeNull();
  });

  it('stops at maxPages and answers where the next page starts', async () => {
    // Arrange
    const { fetchPage } = numbers(100, 10);

    // Act
    const rest = await walkPages(fetchPage, () => 'more', { maxPages: 3 });

    // Assess
    expect(rest).toBe('30');
  });

  it('keeps the place when the reader has enough, and forgets it when nothing further can matter', async () => {
    // Arrange
    const enough = numbers(100, 10);
    const done = numbers(100, 10);

    // Act
    const resume = await walkPages(enough.fetchPage, (items) => (items.includes(15) ? 'enough' : 'more'), {
      from: '10',
    });
    const finished = await walkPages(done.fetchPage, () => 'done');

    // Assess
    expect(enough.asked).toEqual(['10']);
    expect(resume).toBe('20');
    expect(done.asked).toEqual([undefined]);
    expect(finished).toBeNull();
  });
});

describe('readPages', () => {
  it('passes nextCursor back as cursor with the same arguments, and says whether it read everything', async () => {
    // Arrange: a studio client whose list_api_keys answers 3 pages of 2.
    const calls: Record<string, unknown>[] = [];
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id }));
    const tools = {
      call: async (_name: string, args: Record<string, unknown>) => {
        calls.push(args);
        const start = typeof args.cursor === 'string' ? Number(args.cursor) : 0;
        return { items: keys.slice(start, start + 2), nextCursor: start + 2 < keys.length ? String(start + 2) : null };
      },
    } as unknown as ToolClient;

    // Act
    const all = await readPages(tools, 'list_api_keys', { limit: 2 });
    const some = await readPages(tools, 'list_api_keys', { limit: 2 }, 2);

    // Assess
    expect(all.items.map((key) => key.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(all.complete).toBe(true);
    expect(calls.slice(0, 3)).toEqual([{ limit: 2 }, { limit: 2, cursor: '2' }, { limit: 2, cursor: '4' }]);
    expect(some.items).toHaveLength(4);
    expect(some.complete).toBe(false);
  });
});
