// operation: GET /api/canvases → listCanvases → CanvasRepository
import * as z from '#core/schema';
import { listCanvases } from '#core/canvas/use-cases';
import { PageInput } from '#operations/paging';
import { canvases } from '#adapters/composition/stores';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { CanvasSummaryView, pageOf } from '#operations/views';
import { summary } from '#operations/example-values';

// A query string carries text; a tool call carries JSON. Both spellings of a boolean are taken.
const BooleanFlag = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false'])]),
  z.transform((value) => value === true || value === 'true'),
);

export const operation = defineOperation({
  name: 'list_canvases',
  title: 'List canvases',
  description:
    'Lists the canvases of the workspace (id, name, version, updatedAt), a page at a time. Read one with get_canvas.',
  example: { input: { limit: 20 }, status: 200, output: { items: [summary], nextCursor: null } },
  route: 'canvases-list',
  http: { method: 'GET', path: '/api/canvases', scope: 'read:canvases', access: { table: 'read' }, area: 'canvas' },
  input: z.object({
    ...PageInput.shape,
    includeArchived: z._default(BooleanFlag, false).check(z.describe('Include archived canvases (default false)')),
  }),
  output: pageOf(CanvasSummaryView, 'Canvases'),
  annotations: READ_ONLY,
  run: (query, { principal }) => listCanvases(principal, query, { canvases }),
});
