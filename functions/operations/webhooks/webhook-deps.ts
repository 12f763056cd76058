// operation helper: what the webhook operations share, from the composition root
// (functions/adapters/composition/webhooks.ts), built once per cold start.
import { webhookRegistrationDeps, webhookRepository } from '#adapters/composition/webhooks';

export { webhookConfig } from '#adapters/composition/webhooks';
export const webhooks = webhookRepository();
export const registrationDeps = webhookRegistrationDeps();
