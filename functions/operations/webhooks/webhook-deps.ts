// operation helper: what the webhook routes share, built once per cold start.
import { systemClock } from '#core/clock';
import * as z from '#core/schema';
import { canvases } from '#adapters/dynamodb/repositories';
import { DynamoWebhookRepository } from '#adapters/dynamodb/webhook-repository';
import { ENV } from '#adapters/env';
import { secretSource } from '#adapters/secrets/secret-source';

const WebhookConfig = z.object({
  [ENV.webhookRateLimit]: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 60),
});

let config: z.infer<typeof WebhookConfig> | undefined;
export const webhookConfig = () => (config ??= WebhookConfig.parse(process.env));

const readServiceKey = secretSource(ENV.webhookSecretKey, ENV.webhookSecretKeyArn);

export const webhooks = new DynamoWebhookRepository();

export const registrationDeps = {
  webhooks,
  canvases,
  clock: systemClock,
  serviceKey: async () => {
    const key = await readServiceKey();
    if (!key) throw new Error(`Neither ${ENV.webhookSecretKey} nor ${ENV.webhookSecretKeyArn} is set`);
    return key;
  },
};
