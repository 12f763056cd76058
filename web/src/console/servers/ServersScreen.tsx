// Published MCP servers: each canvas the workspace serves as its own MCP server, with its credentials.
// Publishing starts from the gateway tool publish_mcp_server (docs/published-servers.md).
import type { JSX } from 'react';
import { NotReady } from '../shared/NotReady.tsx';
import { useChanges } from '../shared/use-changes.ts';
import { useToolResource } from '../shared/use-tool-resource.ts';
import { ErrorNotice } from '../../ui/Feedback.tsx';
import { ServerCard } from './ServerCard.tsx';
import { listServers, unpublishServer } from './servers-api.ts';
import '../shared/admin.css';
import './servers.css';

export function ServersScreen(): JSX.Element {
  const { resource, reload, retry } = useToolResource(listServers);
  const changes = useChanges(reload);

  if (resource.state !== 'ready')
    return <NotReady screen="servers" what="published servers" load={resource} onRetry={retry} />;

  const servers = resource.value;
  return (
    <div className="admin-screen" data-screen="servers" data-state="ready">
      <p className="muted">
        A published server is a canvas served as an MCP server of its own: each exposed trigger is a tool, every call is
        a run billed to this workspace. Agents connect with <code>Authorization: Bearer umcp_…</code>.
      </p>
      <ErrorNotice message={changes.error} onDismiss={changes.dismiss} />
      {servers.length === 0 ? (
        <p className="empty">
          No published servers yet. Open a canvas, select its Prompt or Webhook trigger node and choose Publish as MCP
          server in its settings.
        </p>
      ) : (
        <ul className="server-list" aria-label="Published servers">
          {servers.map((server) => (
            <ServerCard
              key={server.id}
              server={server}
              onError={changes.show}
              onUnpublish={async () => {
                await changes.run((tools) => unpublishServer(tools, server.id));
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
