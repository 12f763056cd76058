// route: GET /api/canvases → listCanvases → CanvasRepository
import { z } from 'zod';
import { listCanvases } from '#core/canvas/use-cases';
import { PageQuery } from '#core/pagination';
import { canvases } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';

const Query = PageQuery.extend({ includeArchived: z.enum(['true', 'false']).default('false').transform((value) => value === 'true') });

export const handler = defineRoute('canvases-list', { query: Query }, ({ query, principal }) =>
  listCanvases(principal, query, { canvases }),
);
