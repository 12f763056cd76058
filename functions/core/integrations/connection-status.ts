// core: the connection status of one provider for one workspace, in a shape that fits any provider
// (the workspace suite's route uses it; a second suite or a chat tool would answer the same shape).
//
//   workspace connection active ─────────────▶ connected (credential: workspace)
//   shared credential configured ────────────▶ connected (credential: shared)
//   connection revoked, nothing shared ──────▶ revoked
//   provider takes own credentials ──────────▶ not-connected
//   otherwise ───────────────────────────────▶ unavailable
import { providerById, type ProviderId } from './providers.ts';
import type { ConnectionRecord } from './records.ts';

export type IntegrationConnectionState = 'connected' | 'not-connected' | 'revoked' | 'unavailable';

export function integrationConnectionStatus(
  provider: ProviderId,
  record: ConnectionRecord | undefined,
  sharedConfigured: boolean,
) {
  const definition = providerById(provider);
  const active = record?.status === 'active';
  const state: IntegrationConnectionState =
    active || sharedConfigured
      ? 'connected'
      : record?.status === 'revoked'
        ? 'revoked'
        : definition.bringYourOwnCredential
          ? 'not-connected'
          : 'unavailable';
  return {
    provider,
    label: definition.label,
    vendor: definition.vendor,
    state,
    credential: active ? ('workspace' as const) : sharedConfigured ? ('shared' as const) : null,
    sharedCredentials: sharedConfigured,
    capabilities: [...definition.capabilities],
    connection: record
      ? {
          label: record.label,
          status: record.status,
          masked: record.masked,
          createdAt: record.createdAt,
          updatedAt: record.updatedAt,
          revokedAt: record.revokedAt,
        }
      : null,
  };
}
