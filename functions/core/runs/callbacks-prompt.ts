// use case: a finished run's callback sent within about a second of its 202 instead of at the next sweep
// (issue 26 item 2). A run the accepting process ran to its end (inline.ts) is written finished with its
// callback pending, so it sits in the run outbox; the sweeper would send it only after CALLBACK_HOLD_SECONDS
// (sweep.ts), 60–120 s later in AWS. So the accepting process (and a redrive run inline, control.ts)
// also asks for prompt delivery:
//
//   accept: ONE PutItem of the finished run (callback pending, in the outbox)
//     │
//     ▼ requestPromptCallback ── CallbackDispatch.soon (AWS: an asynchronous Lambda invoke; local: in-process)
//     │     └─ the dispatch fails (throttled) ─► logged; the accept answers as usual, the sweeper sends it
//     ▼
//   deliverPromptCallback (functions/workers/deliver-callback.ts)
//     │  waits until PROMPT_CALLBACK_HOLD_MS after the run finished (stored on the item), so the 202
//     │  that names the run has gone before its callback arrives
//     ▼
//   deliverCallbackOnce: the SAME conditional claim the sweeper makes — whichever comes first sends it,
//   the other finds it claimed. A failed POST is recorded like the sweeper's (callback.failed).
//
// The sweeper stays the crash net: a process that dies between the write and the dispatch, or a
// dispatch that never runs, leaves the callback in the outbox, sent after the sweeper's hold.
import { telemetry } from '../telemetry.ts';
import type { CallbackDispatch } from '../ports.ts';
import { callbackPending, outboxSince, type Execution } from './model.ts';
import { sendCallbackOnce, type CallbackDeps } from './callbacks.ts';

/**
 * How long after the run finished its callback may be sent by the prompt path: the accepting request
 * writes the run, then answers at once (an inline run's answer needs no further read or write), so a
 * second after the finish the 202 has gone. Far below the sweeper's hold (sweep.ts CALLBACK_HOLD_SECONDS),
 * which stays as the net for a route that died before it dispatched.
 */
export const PROMPT_CALLBACK_HOLD_MS = 1_000;

/**
 * Asks for the prompt delivery of `execution`'s callback when it is pending. Never throws: a dispatch
 * that fails (throttled, no permission) leaves the callback to the sweeper, which sends it after its hold.
 */
export async function requestPromptCallback(
  execution: Pick<Execution, 'workspaceId' | 'executionId' | 'status' | 'callback' | 'attempt'>,
  dispatch: CallbackDispatch | undefined,
): Promise<void> {
  if (!dispatch || !callbackPending(execution)) return;
  try {
    await dispatch.soon(execution.workspaceId, execution.executionId);
  } catch (error) {
    telemetry.warn('Could not dispatch the callback; the run outbox sweeper sends it', {
      executionId: execution.executionId,
      workspaceId: execution.workspaceId,
      error: String(error),
    });
  }
}

export type PromptCallbackDeps = CallbackDeps & {
  /** Waits `ms` (the hold); injected so tests drive it with their clock. */
  sleep: (ms: number) => Promise<void>;
  /** @default PROMPT_CALLBACK_HOLD_MS */
  holdMs?: number;
};

export type PromptCallbackOutcome = 'delivered' | 'failed' | 'already-handled';

/**
 * Sends a run's pending callback once its hold has passed (measured from when the run finished, as
 * stored, not from this call), through the sweeper's claim: exactly once whoever gets there first.
 * A failed POST stays recorded for the sweeper's retry rules, as when the sweeper sends it.
 */
export async function deliverPromptCallback(
  workspaceId: string,
  executionId: string,
  deps: PromptCallbackDeps,
): Promise<PromptCallbackOutcome> {
  const execution = await deps.runs.get(workspaceId, executionId);
  if (!execution || !callbackPending(execution)) return 'already-handled';
  const holdMs = deps.holdMs ?? PROMPT_CALLBACK_HOLD_MS;
  const waitMs = Date.parse(outboxSince(execution)) + holdMs - deps.clock.now().getTime();
  if (waitMs > 0) await deps.sleep(waitMs);
  const { execution: after, sent } = await sendCallbackOnce(workspaceId, executionId, deps, execution);
  if (!sent) return 'already-handled';
  return after?.callback?.delivered ? 'delivered' : 'failed';
}
