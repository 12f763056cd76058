// Integrations: providers and service status, the workspace's own connections (secrets write-only,
// masked after save, allowed origins, revoke) and the integration policy. Every action is a tool call.
import { useCallback, useState, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ConnectionsPanel } from './ConnectionsPanel.tsx';
import { PolicyPanel } from './PolicyPanel.tsx';
import { ProvidersPanel } from './ProvidersPanel.tsx';
import {
  getPolicy,
  listConnections,
  listProviders,
  revokeConnection,
  serviceStatus,
  updatePolicy,
  upsertConnection,
} from './integrations-api.ts';
import type { PolicyUpdate, UpsertConnection } from './types.ts';
import { useAction, useLoad } from './use-load.ts';
import './integrations.css';

export function IntegrationsScreen(): JSX.Element {
  const { tools } = useStudio();
  const [providers] = useLoad(useCallback(() => listProviders(tools), [tools]));
  const [status] = useLoad(useCallback(() => serviceStatus(tools), [tools]));
  const [connections, reloadConnections] = useLoad(useCallback(() => listConnections(tools), [tools]));
  const [policy, reloadPolicy] = useLoad(useCallback(() => getPolicy(tools), [tools]));
  const [announcement, setAnnouncement] = useState('');
  const act = useAction();

  const saveConnection = async (input: UpsertConnection) => {
    const result = await act(() => upsertConnection(tools, input));
    if (!result.ok) return result.message;
    setAnnouncement(
      input.credential
        ? `Stored the ${input.provider} connection.`
        : `Saved the ${input.provider} connection’s label and allowed origins.`,
    );
    await reloadConnections();
    return undefined;
  };
  const revoke = async (provider: string) => {
    const result = await act(() => revokeConnection(tools, provider));
    if (!result.ok) return result.message;
    setAnnouncement(`Revoked the ${provider} connection.`);
    await reloadConnections();
    return undefined;
  };
  const savePolicy = async (update: PolicyUpdate) => {
    const result = await act(() => updatePolicy(tools, update));
    if (!result.ok) return result.message;
    setAnnouncement('Saved the policy.');
    await reloadPolicy();
    return undefined;
  };

  const settled = [providers, status, connections, policy].every((loaded) => loaded.state !== 'loading');
  const providerList = providers.state === 'ready' ? providers.value : [];
  return (
    <div className="intg" data-screen="integrations" data-state={settled ? 'ready' : 'loading'} aria-busy={!settled}>
      <ProvidersPanel providers={providers} status={status} />
      <ConnectionsPanel connections={connections} providers={providerList} onSave={saveConnection} onRevoke={revoke} />
      <section className="intg-panel" aria-labelledby="policy-heading">
        <h2 id="policy-heading">Policy</h2>
        {policy.state === 'loading' ? <p role="status">Loading the policy…</p> : null}
        {policy.state === 'error' ? <Alert title="The policy could not be loaded">{policy.message}</Alert> : null}
        {policy.state === 'ready' && providers.state !== 'loading' ? (
          <PolicyPanel
            key={policy.value.updatedAt ?? 'default'}
            policy={policy.value}
            providers={providerList}
            onSave={savePolicy}
          />
        ) : null}
      </section>
      <div className="sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
