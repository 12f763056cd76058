// workflow: the input every task of the run state machine receives.
import * as z from '#core/schema';

export const RunTarget = z.object({
  workspaceId: z.string().check(z.minLength(1)),
  executionId: z.string().check(z.regex(/^exec_[0-9a-z]{26}$/)),
});
export type RunTarget = z.infer<typeof RunTarget>;
