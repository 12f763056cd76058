// operation helper: removes the webhook triggers of nodes an edit deleted or retyped. Best effort: if it
// fails, the trigger route finds the node gone on the next call, answers 404 and removes it then.
import { cleanUpTriggers } from '#core/webhooks/use-cases';
import type { Canvas } from '#core/canvas/model';
import { webhooks } from '#adapters/composition/stores';
import { telemetry } from '#core/telemetry';

export async function cleanUpRemovedTriggers(
  workspaceId: string,
  canvasId: string,
  remaining: Canvas | undefined,
): Promise<void> {
  try {
    await cleanUpTriggers(workspaceId, canvasId, remaining, { webhooks });
  } catch (error) {
    telemetry.warn('Webhook trigger cleanup deferred to the next call', { canvasId, error: String(error) });
  }
}
