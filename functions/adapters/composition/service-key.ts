// composition: the service's root key (WEBHOOK_SECRET_KEY, or its Secrets Manager ARN, cached by
// secretSource). Webhook secrets, relay tokens, status tokens and the OAuth keys derive from it.
import { ENV } from '../env.ts';
import { secretSource } from '../secrets/secret-source.ts';

/** The service key, or undefined where none is configured (a caller that needs it says what for). */
export const readServiceKey = secretSource(ENV.webhookSecretKey, ENV.webhookSecretKeyArn);

/** The service key; a deployment without one is misconfigured (500), not a caller's mistake. */
export async function serviceKey(): Promise<string> {
  const key = await readServiceKey();
  if (!key) throw new Error(`Neither ${ENV.webhookSecretKey} nor ${ENV.webhookSecretKeyArn} is set`);
  return key;
}
