// composition: what sends a run's one result callback, and the deps of those that do — the state machine's
// tasks (Advance, Finalize/Recover), the run outbox's sweeper and cancel_execution. Apart from ./runs.ts so
// that a function sending no callback does not bundle the sender (nor the signing secret's source).
import { systemClock } from '#core/clock';
import type { SweepDeps } from '#core/runs/sweep';
import { HttpCallbackSender } from '../outbound-http/callback-sender.ts';
import { blobStore, runEnded, runRepository, workflowEngine } from './runs.ts';

let sender: HttpCallbackSender | undefined;

/** The signed result callback to the caller's URL. */
export function callbackSender(): HttpCallbackSender {
  sender ??= new HttpCallbackSender();
  return sender;
}

/** What the state machine's tasks need: the run, its blobs and its one result callback. */
export function runTaskDeps() {
  return { runs: runRepository(), clock: systemClock, callbacks: callbackSender(), blobs: blobStore(), runEnded };
}

/** What the run outbox's sweeper needs: start or redrive a stalled run, or end it with its callback. */
export function sweepDeps(): SweepDeps {
  const runs = runRepository();
  return { ...runTaskDeps(), queued: runs, engine: workflowEngine() };
}
