// The one pager: reads a paged tool (`{ items, nextCursor }`, functions/operations/views.ts pageOf) page by
// page, passing nextCursor back as `cursor`, up to a few pages — past that, search belongs on the server.
import type { ToolClient, ToolInput, ToolName, ToolOutput } from './tools.ts';

interface Page {
  items: readonly unknown[];
  nextCursor: string | null;
}

/** The tools that answer a page and take a cursor. */
export type PagedTool = {
  [N in ToolName]: ToolOutput<N> extends Page ? (ToolInput<N> extends { cursor?: string } ? N : never) : never;
}[ToolName];

/** The items of one paged tool's answer. */
export type ItemOf<N extends PagedTool> = ToolOutput<N> extends { items: readonly (infer Item)[] } ? Item : never;

export const MAX_PAGES = 10;

/** Every item, in the server's order; `complete` is false when more pages were left unread. */
export async function readPages<N extends PagedTool>(
  tools: ToolClient,
  name: N,
  args: Omit<ToolInput<N>, 'cursor'>,
  maxPages = MAX_PAGES,
): Promise<{ items: ItemOf<N>[]; complete: boolean }> {
  const items: ItemOf<N>[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const answer = (await tools.call(name, { ...args, ...(cursor ? { cursor } : {}) } as ToolInput<N>)) as Page;
    items.push(...(answer.items as ItemOf<N>[]));
    cursor = answer.nextCursor;
    if (!cursor) return { items, complete: true };
  }
  return { items, complete: false };
}
