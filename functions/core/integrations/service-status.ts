// core: what /api/integrations/providers and /service-status answer — the catalogue joined with which
// shared (deployment-wide) credentials are configured. Pure: the adapter says what is configured.
import { PROVIDERS, type ProviderId } from './providers.ts';

/** Which providers have the deployment's own credential configured (never the credential itself). */
export type SharedCredentialPresence = Readonly<Record<ProviderId, boolean>>;

/**
 * - `available`: the deployment's shared credential is configured; workspaces may also bring their own.
 * - `bring-your-own`: no shared credential; a workspace can use the provider with its own connection.
 * - `unavailable`: neither is possible (the code host without a configured GitHub App).
 */
export type ProviderStatus = 'available' | 'bring-your-own' | 'unavailable';

function statusOf(id: ProviderId, shared: SharedCredentialPresence): ProviderStatus {
  if (shared[id]) return 'available';
  return PROVIDERS.find((provider) => provider.id === id)!.bringYourOwnCredential ? 'bring-your-own' : 'unavailable';
}

export function providerCatalogue(shared: SharedCredentialPresence) {
  return {
    providers: PROVIDERS.map((provider) => ({
      id: provider.id,
      kind: provider.kind,
      vendor: provider.vendor,
      label: provider.label,
      capabilities: [...provider.capabilities],
      models: provider.models.map((model) => ({ ...model, modes: [...model.modes] })),
      defaultModel: provider.defaultModel,
      ...(provider.defaultVoice ? { defaultVoice: provider.defaultVoice } : {}),
      bringYourOwnCredential: provider.bringYourOwnCredential,
      sharedCredentials: shared[provider.id],
      status: statusOf(provider.id, shared),
    })),
  };
}

/**
 * Health as far as the service can know it without calling out: a probe of five vendors on every status
 * read would cost latency and their rate limits, and a vendor's own status page says more. `degraded`
 * means at least one provider can be used by nobody.
 */
export function serviceStatus(shared: SharedCredentialPresence, now: Date) {
  const providers = PROVIDERS.map((provider) => ({
    id: provider.id,
    label: provider.label,
    sharedCredentials: shared[provider.id],
    status: statusOf(provider.id, shared),
  }));
  return {
    status: providers.some((provider) => provider.status === 'unavailable') ? ('degraded' as const) : ('ok' as const),
    checkedAt: now.toISOString(),
    providers,
  };
}
