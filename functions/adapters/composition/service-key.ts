// composition: the service's root key (SERVICE_ROOT_KEY, or the deprecated WEBHOOK_SECRET_KEY, or its
// Secrets Manager ARN, cached by secretSource). Webhook secrets, relay tokens, status tokens and the OAuth
// keys derive from it.
import { ENV, SERVICE_ROOT_KEY_NAMES } from '../env.ts';
import { secretSource } from '../secrets/secret-source.ts';

/** The service key, or undefined where none is configured (a caller that needs it says what for). */
export const readServiceKey = secretSource(SERVICE_ROOT_KEY_NAMES, ENV.serviceRootKeyArn);

/** The service key; a deployment without one is misconfigured (500), not a caller's mistake. */
export async function serviceKey(): Promise<string> {
  const key = await readServiceKey();
  if (!key) throw new Error(`Neither ${ENV.serviceRootKey} nor ${ENV.serviceRootKeyArn} is set`);
  return key;
}
