// operation helper: what the webhook operations share — a view onto the composition root
// (functions/adapters/composition/webhooks.ts; the handles build on first use).
import { webhookRegistrationDeps } from '#adapters/composition/webhooks';

export { webhooks } from '#adapters/composition/stores';
export { webhookConfig } from '#adapters/composition/webhooks';
export const registrationDeps = webhookRegistrationDeps();
