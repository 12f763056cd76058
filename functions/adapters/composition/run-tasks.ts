// composition: what sends a run's one result callback, and the deps of those that do — the state machine's
// tasks (Advance, Finalize/Recover), the run outbox's sweeper and cancel_execution. Apart from ./runs.ts so
// that a function sending no callback does not bundle the sender (nor the signing secret's source).
import { systemClock } from '#core/clock';
import type { SweepDeps } from '#core/runs/sweep';
import { HttpCallbackSender } from '../outbound-http/callback-sender.ts';
import { adapter } from './root.ts';
import { runEnded } from './runs.ts';
import { blobs } from './objects.ts';
import { engine } from './services.ts';
import { runs } from './stores.ts';

/** The signed result callback to the caller's URL. */
export const callbackSender = /* @__PURE__ */ adapter('callbackSender', () => new HttpCallbackSender());

/** What the state machine's tasks need: the run, its blobs and its one result callback. */
export function runTaskDeps() {
  return { runs, clock: systemClock, callbacks: callbackSender, blobs, runEnded };
}

/** What the run outbox's sweeper needs: start or redrive a stalled run, or end it with its callback. */
export function sweepDeps(): SweepDeps {
  return { ...runTaskDeps(), queued: runs, engine };
}
