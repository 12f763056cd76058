// worker: the prompt sender of an inline run's callback → deliverPromptCallback → the run, the callback's URL.
// Invoked asynchronously by the route that accepted or redrove the run (adapters/lambda/callback-dispatch.ts); local
// mode calls deliverCallback() in-process. It holds until the 202 has surely gone (a second after the run
// finished), then claims and sends the callback the way the run outbox's sweeper does: exactly once
// whichever of the two comes first. A failure is left to the sweeper.
import { setTimeout as sleep } from 'node:timers/promises';
import { deliverPromptCallback, type PromptCallbackOutcome } from '#core/runs/callbacks-prompt';
import { runTaskDeps } from '#adapters/composition/run-tasks';
import type { DeliverCallbackEvent } from '#adapters/lambda/callback-dispatch';
import { observed } from '#adapters/observability/powertools';
import { telemetry } from '#core/telemetry';

/** Sends the pending callback of one run (see the file header). */
export function deliverCallback(event: DeliverCallbackEvent): Promise<PromptCallbackOutcome> {
  telemetry.tag({ workspaceId: event.workspaceId, executionId: event.executionId });
  return deliverPromptCallback(event.workspaceId, event.executionId, {
    ...runTaskDeps(),
    sleep: (ms) => sleep(ms),
  });
}

export const handler = observed(
  async (event: DeliverCallbackEvent): Promise<PromptCallbackOutcome> => deliverCallback(event),
);
