// composition: the webhook use cases' adapters — registering a trigger (functions/operations/webhooks); a
// call to it is ./webhook-trigger.ts (apart, so that the operations bundle no signature verifier: stripe).
// The adapters are handles of ./stores.ts.
import { systemClock } from '#core/clock';
import * as z from '#core/schema';
import { canvases, webhooks } from './stores.ts';
import { ENV } from '../env.ts';
import { serviceKey } from './service-key.ts';

const WebhookConfig = z.object({
  [ENV.webhookRateLimit]: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 60),
});

let config: z.infer<typeof WebhookConfig> | undefined;
/** WEBHOOK_RATE_LIMIT: calls a minute per trigger (default 60), read at first use. */
export const webhookConfig = () => {
  config ??= WebhookConfig.parse(process.env);
  return config;
};

/** What registering, listing and revoking a trigger need (its secret derives from the service key). */
export function webhookRegistrationDeps() {
  return { webhooks, canvases, clock: systemClock, serviceKey };
}
