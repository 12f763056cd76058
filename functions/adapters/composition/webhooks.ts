// composition: the webhook use cases' adapters — registering a trigger (functions/operations/webhooks) and
// accepting a call to it (functions/routes/webhooks/trigger.ts, which starts a run: the run adapters come
// from ./runs.ts). Built on first use, once per process.
import { systemClock } from '#core/clock';
import * as z from '#core/schema';
import { credentialCipher } from '../credentials/cipher.ts';
import { canvases } from '../dynamodb/repositories.ts';
import { DynamoRateLimiter, DynamoWebhookRepository } from '../dynamodb/webhook-repository.ts';
import { ENV } from '../env.ts';
import { signatureVerifiers } from '../webhook-signatures/verifiers.ts';
import { runDeps } from './runs.ts';
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

const built: { webhooks?: DynamoWebhookRepository; rateLimiter?: DynamoRateLimiter } = {};

/** The triggers table items (secrets' hashes, signing schemes, last call). */
export function webhookRepository(): DynamoWebhookRepository {
  built.webhooks ??= new DynamoWebhookRepository();
  return built.webhooks;
}

function rateLimiter(): DynamoRateLimiter {
  built.rateLimiter ??= new DynamoRateLimiter();
  return built.rateLimiter;
}

/** What registering, listing and revoking a trigger need (its secret derives from the service key). */
export function webhookRegistrationDeps() {
  return { webhooks: webhookRepository(), canvases, clock: systemClock, serviceKey };
}

/** What a call to /webhook/trigger needs: the run's adapters, the trigger, its rate limit and its secret. */
export function webhookTriggerDeps() {
  return {
    ...runDeps(),
    webhooks: webhookRepository(),
    rateLimiter: rateLimiter(),
    rateLimit: { limit: webhookConfig()[ENV.webhookRateLimit], windowSeconds: 60 },
    // Signed URLs derive the trigger's secret again to check the provider's signature.
    serviceKey,
    verifiers: signatureVerifiers,
    cipher: credentialCipher,
  };
}
