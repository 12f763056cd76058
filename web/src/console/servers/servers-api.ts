// The published-server tools the screen uses, typed by the generated contract
// (functions/operations/published/published-views.ts; docs/published-servers.md).
import type { ToolClient, ToolOutput } from '../../mcp/tools.ts';

export type PublishedServer = ToolOutput<'unpublish_mcp_server'>;
export type ServerCredential = ToolOutput<'revoke_mcp_server_credential'>;

export const listServers = async (tools: ToolClient): Promise<PublishedServer[]> =>
  (await tools.call('list_mcp_servers', {})).items;

export const listCredentials = async (tools: ToolClient, serverId: string): Promise<ServerCredential[]> =>
  (await tools.call('list_mcp_server_credentials', { serverId })).items;

export const createCredential = (tools: ToolClient, serverId: string, name: string) =>
  tools.call('create_mcp_server_credential', { serverId, name });

export const revokeCredential = (tools: ToolClient, serverId: string, credentialId: string) =>
  tools.call('revoke_mcp_server_credential', { serverId, credentialId });

export const unpublishServer = (tools: ToolClient, serverId: string) =>
  tools.call('unpublish_mcp_server', { serverId });
