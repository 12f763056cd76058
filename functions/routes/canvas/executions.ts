// route: GET /api/mcp/canvas/executions?canvasId= → listCanvasExecutions → RunRepository (GSI1)
import * as z from '#core/schema';
import { CanvasId } from '#core/canvas/model';
import { PageQuery } from '#core/pagination';
import { listCanvasExecutions } from '#core/runs/use-cases';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';
import { defineRoute } from '#http/route';

const runs = new DynamoRunRepository();
const Query = z.extend(PageQuery, { canvasId: CanvasId });

export const handler = defineRoute('canvas-executions', { query: Query }, ({ query, principal }) =>
  listCanvasExecutions(principal, query.canvasId, query, { runs }),
);
