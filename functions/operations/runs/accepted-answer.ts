// operation: how a run request's outcome (core/runs/accept.ts `Accepted`) reads on the wire — the body
// of the 202, or of its replay — the same for run_workflow, replay_execution and webhook calls.
import type { Accepted } from '#core/runs/use-cases';

export const ACCEPTED_MESSAGE = 'Run accepted; poll GET /api/executions?executionId=… for its status';

/** `{ ok, executionId, [replayOf], message, [replayed] }`: a replay says so in its body, not only in a header. */
export function acceptedBody(accepted: Accepted): {
  ok: true;
  executionId: string;
  replayOf?: string;
  message: string;
  replayed?: true;
} {
  return {
    ok: true,
    executionId: accepted.executionId,
    ...(accepted.replayOf ? { replayOf: accepted.replayOf } : {}),
    message: (accepted.replayed && accepted.replayMessage) || ACCEPTED_MESSAGE,
    ...(accepted.replayed ? { replayed: true as const } : {}),
  };
}
