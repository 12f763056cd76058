// route helper: the `?executionId=` query of the execution read routes.
import * as z from '#core/schema';

export const ExecutionId = z.string().check(z.regex(/^exec_[0-9a-z]{26}$/, 'is not an execution id (exec_…)'));
export const ExecutionQuery = z.object({ executionId: ExecutionId });
export const ExecutionBody = z.strictObject({ executionId: ExecutionId });
