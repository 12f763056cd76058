// route helper: the `executionId` the execution routes take (query for GET, body for POST).
import * as z from '#core/schema';
import { ExecutionIdSchema } from '#core/runs/model';

export const ExecutionQuery = z.object({ executionId: ExecutionIdSchema });
export const ExecutionBody = z.strictObject({ executionId: ExecutionIdSchema });
