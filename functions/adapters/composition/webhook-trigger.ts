// composition: what a call to /webhook/trigger needs (functions/routes/webhooks/trigger.ts, which starts a
// run: the run adapters come from ./runs.ts). Apart from ./webhooks.ts so that only the trigger's function
// bundles the signature verifiers (stripe among them). The adapters are handles of ./stores.ts.
import { credentialCipher } from './credentials.ts';
import { ENV } from '../env.ts';
import { signatureVerifiers } from '../webhook-signatures/verifiers.ts';
import { runDeps } from './runs.ts';
import { serviceKey } from './service-key.ts';
import { rateLimiter, webhooks } from './stores.ts';
import { webhookConfig } from './webhooks.ts';

/** What a call to /webhook/trigger needs: the run's adapters, the trigger, its rate limit and its secret. */
export function webhookTriggerDeps() {
  return {
    ...runDeps(),
    webhooks,
    rateLimiter,
    rateLimit: { limit: webhookConfig()[ENV.webhookRateLimit], windowSeconds: 60 },
    // Signed URLs derive the trigger's secret again to check the provider's signature.
    serviceKey,
    verifiers: signatureVerifiers,
    cipher: credentialCipher,
  };
}
