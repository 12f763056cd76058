// What the integration tools take and answer, from the generated contract
// (functions/operations/integration-views.ts).
import type { ToolInput, ToolOutput } from '../../mcp/tools.ts';

export type Provider = ToolOutput<'list_providers'>['providers'][number];
export type ProviderStatus = Provider['status'];
export type ProviderId = ToolInput<'revoke_connection'>['provider'];
export type ServiceStatus = ToolOutput<'get_service_status'>;
export type Connection = ToolOutput<'list_connections'>['items'][number];
export type Policy = ToolOutput<'get_integration_policy'>;
// Provider ids reach the forms from list_providers' answer, typed `string` there; the tools take the
// service's enum and refuse any other id (integrations-api.ts narrows them at the call).
export type UpsertConnection = Omit<ToolInput<'upsert_connection'>, 'provider'> & { provider: string };
export type PolicyUpdate = Omit<ToolInput<'update_integration_policy'>, 'allowedProviders'> & {
  allowedProviders?: string[] | null;
};
