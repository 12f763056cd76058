// The integration tools the screen calls, typed by the generated contract.
import type { ToolClient, ToolInput } from '../../mcp/tools.ts';
import type { PolicyUpdate, ProviderId, UpsertConnection } from './types.ts';

export const listProviders = (tools: ToolClient) => tools.call('list_providers', {}).then((answer) => answer.providers);
export const serviceStatus = (tools: ToolClient) => tools.call('get_service_status', {});
export const listConnections = (tools: ToolClient) => tools.call('list_connections', {}).then((answer) => answer.items);
export const upsertConnection = (tools: ToolClient, input: UpsertConnection) =>
  tools.call('upsert_connection', { ...input, provider: input.provider as ProviderId });
export const revokeConnection = (tools: ToolClient, provider: string) =>
  tools.call('revoke_connection', { provider: provider as ProviderId });
export const getPolicy = (tools: ToolClient) => tools.call('get_integration_policy', {});
export const updatePolicy = (tools: ToolClient, update: PolicyUpdate) =>
  tools.call('update_integration_policy', {
    ...update,
    allowedProviders: update.allowedProviders as ToolInput<'update_integration_policy'>['allowedProviders'],
  });
