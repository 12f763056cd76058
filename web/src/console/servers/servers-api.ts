// The published-server tools the screen uses, typed by their output schemas
// (functions/operations/published/published-views.ts; docs/published-servers.md).
import type { ToolClient } from '../../mcp/tools.ts';

export interface PublishedServer {
  id: string;
  slug: string;
  path: string;
  url: string | null;
  name: string;
  description: string;
  canvasId: string;
  visibility: 'protected' | 'public';
  version: 'latest' | 'pinned';
  pinnedCanvasVersion: number | null;
  tools: { triggerNodeId: string; toolName: string; description: string }[];
  limits: { callsPerMinute: number; creditsPerDay: number };
}

export interface ServerCredential {
  id: string;
  serverId: string;
  name: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
}

export const listServers = async (tools: ToolClient): Promise<PublishedServer[]> =>
  (await tools.call<{ items: PublishedServer[] }>('list_mcp_servers', {})).items;

export const listCredentials = async (tools: ToolClient, serverId: string): Promise<ServerCredential[]> =>
  (await tools.call<{ items: ServerCredential[] }>('list_mcp_server_credentials', { serverId })).items;

export const createCredential = (tools: ToolClient, serverId: string, name: string) =>
  tools.call<ServerCredential & { credential: string }>('create_mcp_server_credential', { serverId, name });

export const revokeCredential = (tools: ToolClient, serverId: string, credentialId: string) =>
  tools.call<ServerCredential>('revoke_mcp_server_credential', { serverId, credentialId });

export const unpublishServer = (tools: ToolClient, serverId: string) =>
  tools.call<PublishedServer>('unpublish_mcp_server', { serverId });
