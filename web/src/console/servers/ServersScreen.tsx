// Published MCP servers: each canvas the workspace serves as its own MCP server, with its credentials.
// Publishing starts from the gateway tool publish_mcp_server (docs/published-servers.md).
import { useCallback, useEffect, useState, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { Alert } from '../../ui/Alert.tsx';
import { NotReady } from '../shared/NotReady.tsx';
import { useFailure } from '../shared/use-failure.ts';
import { ServerCard } from './ServerCard.tsx';
import { listServers, unpublishServer, type PublishedServer } from './servers-api.ts';
import '../shared/admin.css';
import './servers.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; servers: PublishedServer[] };

export function ServersScreen(): JSX.Element {
  const { tools } = useStudio();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [error, setError] = useState<string | undefined>();
  const failLoad = useFailure(useCallback((message: string) => setLoad({ state: 'error', message }), []));
  const fail = useFailure(setError);

  const reload = useCallback(async () => {
    try {
      setLoad({ state: 'ready', servers: await listServers(tools) });
    } catch (caught) {
      failLoad(caught);
    }
  }, [tools, failLoad]);
  useEffect(() => void reload(), [reload]);

  if (load.state !== 'ready')
    return (
      <NotReady
        screen="servers"
        what="published servers"
        load={load}
        onRetry={() => {
          setLoad({ state: 'loading' });
          void reload();
        }}
      />
    );

  return (
    <div className="admin-screen" data-screen="servers" data-state="ready">
      <p className="muted">
        A published server is a canvas served as an MCP server of its own: each exposed trigger is a tool, every call is
        a run billed to this workspace. Agents connect with <code>Authorization: Bearer umcp_…</code>.
      </p>
      {error ? (
        <Alert
          title="That did not work"
          action={
            <button type="button" onClick={() => setError(undefined)}>
              Dismiss
            </button>
          }
        >
          {error}
        </Alert>
      ) : null}
      {load.servers.length === 0 ? (
        <p className="empty">
          No published servers yet. Open a canvas, select its Prompt or Webhook trigger node and choose Publish as MCP
          server in its settings.
        </p>
      ) : (
        <ul className="server-list" aria-label="Published servers">
          {load.servers.map((server) => (
            <ServerCard
              key={server.id}
              server={server}
              onError={setError}
              onUnpublish={async () => {
                try {
                  await unpublishServer(tools, server.id);
                  await reload();
                } catch (caught) {
                  fail(caught);
                }
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
