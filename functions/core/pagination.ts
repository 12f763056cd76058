// core: the list convention of every route: `limit` + opaque `cursor` in, `items` + `nextCursor` out.
import * as z from './schema.ts';

export const PageQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
});
export type PageQuery = z.infer<typeof PageQuery>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
