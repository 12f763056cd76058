// route: GET /api/canvases → listCanvases → CanvasRepository
import * as z from '#core/schema';
import { listCanvases } from '#core/canvas/use-cases';
import { PageQuery } from '#core/pagination';
import { canvases } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';

const Query = z.extend(PageQuery, {
  includeArchived: z.pipe(z._default(z.enum(['true', 'false']), 'false'), z.transform((value) => value === 'true')),
});

export const handler = defineRoute('canvases-list', { query: Query }, ({ query, principal }) =>
  listCanvases(principal, query, { canvases }),
);
