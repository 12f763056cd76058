// The one pager: reads a paged tool (`{ items, nextCursor }`, functions/operations/views.ts pageOf) page by
// page, passing nextCursor back as `cursor`, up to a few pages — past that, search belongs on the server.
// walkPages is the loop itself, for readers that stop early (a date range reached, a page of matches full).
import type { ToolClient, ToolInput, ToolName, ToolOutput } from './tools.ts';

/** One answer of a paged tool. */
export interface Page<Item = unknown> {
  readonly items: readonly Item[];
  readonly nextCursor: string | null;
}

/** The tools that answer a page and take a cursor. */
export type PagedTool = {
  [N in ToolName]: ToolOutput<N> extends Page ? (ToolInput<N> extends { cursor?: string } ? N : never) : never;
}[ToolName];

/** The items of one paged tool's answer. */
export type ItemOf<N extends PagedTool> = ToolOutput<N> extends { items: readonly (infer Item)[] } ? Item : never;

export const MAX_PAGES = 10;

/** What a reader says after each page: read on, stop here but keep the place, or nothing further can matter. */
export type Verdict = 'more' | 'enough' | 'done';

/**
 * Reads pages from `from` (the first page when absent) and hands each page's items to `take`, until the last
 * page, `maxPages`, or `take` says `enough` / `done`. Answers where the next page starts: null when there
 * is none, or when `take` said `done`.
 */
export async function walkPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<Page<Item>>,
  take: (items: readonly Item[]) => Verdict,
  { from, maxPages = MAX_PAGES }: { from?: string | undefined; maxPages?: number } = {},
): Promise<string | null> {
  let cursor = from;
  for (let page = 0; page < maxPages; page++) {
    const answer = await fetchPage(cursor);
    const verdict = take(answer.items);
    if (!answer.nextCursor || verdict === 'done') return null;
    cursor = answer.nextCursor;
    if (verdict === 'enough') return cursor;
  }
  return cursor ?? null;
}

/** One page of a paged tool at a time, from a cursor (the first page without one). */
export const pageReader =
  <N extends PagedTool>(tools: ToolClient, name: N, args: Omit<ToolInput<N>, 'cursor'>) =>
  (cursor: string | undefined): Promise<Page<ItemOf<N>>> =>
    // Every PagedTool answers a Page (its definition); TypeScript cannot see that through the generic N.
    tools.call(name, { ...args, ...(cursor ? { cursor } : {}) } as ToolInput<N>) as Promise<unknown> as Promise<
      Page<ItemOf<N>>
    >;

/** Every item, in the server's order; `complete` is false when more pages were left unread. */
export async function readPages<N extends PagedTool>(
  tools: ToolClient,
  name: N,
  args: Omit<ToolInput<N>, 'cursor'>,
  maxPages = MAX_PAGES,
): Promise<{ items: ItemOf<N>[]; complete: boolean }> {
  const items: ItemOf<N>[] = [];
  const rest = await walkPages(
    pageReader(tools, name, args),
    (page) => {
      items.push(...page);
      return 'more';
    },
    { maxPages },
  );
  return { items, complete: rest === null };
}
