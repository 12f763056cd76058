// composition: what a call to /webhook/trigger needs (functions/routes/webhooks/trigger.ts, which starts a
// run: the run adapters come from ./runs.ts). Apart from ./webhooks.ts so that only the trigger's function
// bundles the signature verifiers (stripe among them). Built on first use, once per process.
import { credentialCipher } from '../credentials/cipher.ts';
import { DynamoRateLimiter } from '../dynamodb/webhook-repository.ts';
import { ENV } from '../env.ts';
import { signatureVerifiers } from '../webhook-signatures/verifiers.ts';
import { runDeps } from './runs.ts';
import { serviceKey } from './service-key.ts';
import { webhookConfig, webhookRepository } from './webhooks.ts';

let limiter: DynamoRateLimiter | undefined;
function rateLimiter(): DynamoRateLimiter {
  limiter ??= new DynamoRateLimiter();
  return limiter;
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
