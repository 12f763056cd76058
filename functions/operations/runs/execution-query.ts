// operation helper: the `executionId` the execution operations take (query for GET, body for POST).
import * as z from '#core/schema';
import { ExecutionIdSchema } from '#core/runs/model';

const ExecutionIdField = ExecutionIdSchema.check(z.describe('Execution id (exec_…), as returned by run_workflow'));

export const ExecutionQuery = z.object({ executionId: ExecutionIdField });
export const ExecutionBody = z.strictObject({ executionId: ExecutionIdField });
