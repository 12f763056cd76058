// workflow: the input every task of the run state machine receives.
import * as z from '#core/schema';
import { ExecutionIdSchema } from '#core/runs/model';

export const RunTarget = z.object({
  workspaceId: z.string().check(z.minLength(1)),
  executionId: ExecutionIdSchema,
  /** The Finalize function also serves the Recover state. */
  mode: z.optional(z.enum(['finalize', 'recover'])),
  /** Recover: how often Step Functions has redriven this execution ($$.Execution.RedriveCount). */
  redriveCount: z.optional(z.int().check(z.minimum(0))),
});
export type RunTarget = z.infer<typeof RunTarget>;
