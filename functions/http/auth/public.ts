// http: the routes without a workspace credential at the edge.
import type { Authenticator } from './authenticator.ts';

/**
 * Manifest auth 'public': discovery documents, OAuth endpoints, sign-in pages, health. The route applies
 * whatever its protocol demands (OAuth's own client authentication, a provider's signature: see
 * ./payment-signature.ts, ./github-signature.ts).
 */
export const anyone: Authenticator<undefined> = {
  kind: 'public',
  authenticate: async () => undefined,
  principalOf: () => undefined,
};

/**
 * Manifest auth 'webhook-secret' (/webhook/trigger): the trigger's secret, or a provider's signature under
 * it, is derived per webhook, so the use case checks it once it has read the webhook's record
 * (functions/core/webhooks/use-cases.ts). At the edge the sender is nobody yet.
 */
export const webhookSender: Authenticator<undefined> = {
  kind: 'webhook-secret',
  authenticate: async () => undefined,
  principalOf: () => undefined,
};
