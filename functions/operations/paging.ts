// operations: the paging input every list operation takes (PageQuery's rules, described for agents).
import * as z from '#core/schema';
import { PageQuery } from '#core/pagination';

export const PageInput = z.object({
  limit: PageQuery.shape.limit.check(z.describe('Page size, 1–200 (default 50)')),
  cursor: z.optional(
    z
      .string()
      .check(z.minLength(1), z.maxLength(2048), z.describe('nextCursor of the previous page; omit for the first page')),
  ),
});
