// The integration tools the screen calls, typed by their output schemas.
import type { ToolClient } from '../../mcp/tools.ts';
import type { Connection, Policy, PolicyUpdate, Provider, ServiceStatus, UpsertConnection } from './types.ts';

export const listProviders = (tools: ToolClient) =>
  tools.call<{ providers: Provider[] }>('list_providers', {}).then((answer) => answer.providers);
export const serviceStatus = (tools: ToolClient) => tools.call<ServiceStatus>('get_service_status', {});
export const listConnections = (tools: ToolClient) =>
  tools.call<{ items: Connection[] }>('list_connections', {}).then((answer) => answer.items);
export const upsertConnection = (tools: ToolClient, input: UpsertConnection) =>
  tools.call<Connection>('upsert_connection', { ...input });
export const revokeConnection = (tools: ToolClient, provider: string) =>
  tools.call<Connection>('revoke_connection', { provider });
export const getPolicy = (tools: ToolClient) => tools.call<Policy>('get_integration_policy', {});
export const updatePolicy = (tools: ToolClient, update: PolicyUpdate) =>
  tools.call<Policy>('update_integration_policy', { ...update });
