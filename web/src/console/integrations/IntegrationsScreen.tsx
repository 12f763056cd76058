// Integrations: providers and service status, the workspace's own connections (secrets write-only,
// masked after save, allowed origins, revoke) and the integration policy. Every action is a tool call.
import type { JSX } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { Announcement } from '../../ui/Feedback.tsx';
import { useChanges } from '../shared/use-changes.ts';
import { useToolResource, type ToolAction } from '../shared/use-tool-resource.ts';
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
import './integrations.css';

export function IntegrationsScreen(): JSX.Element {
  const { resource: providers } = useToolResource(listProviders);
  const { resource: status } = useToolResource(serviceStatus);
  const connections = useToolResource(listConnections);
  const policy = useToolResource(getPolicy);
  // Each panel loads again on its own after its change, and shows its own refusals.
  const changes = useChanges(connections.reload);
  const save = async (action: ToolAction<unknown>, done: string, reload: () => Promise<void>) => {
    const outcome = await changes.run(action, done, { inline: true, reload });
    return outcome.ok ? undefined : outcome.message;
  };
  const saveConnection = (input: UpsertConnection) =>
    save(
      (tools) => upsertConnection(tools, input),
      input.credential
        ? `Stored the ${input.provider} connection.`
        : `Saved the ${input.provider} connection’s label and allowed origins.`,
      connections.reload,
    );
  const revoke = (provider: string) =>
    save((tools) => revokeConnection(tools, provider), `Revoked the ${provider} connection.`, connections.reload);
  const savePolicy = (update: PolicyUpdate) =>
    save((tools) => updatePolicy(tools, update), 'Saved the policy.', policy.reload);

  const settled = [providers, status, connections.resource, policy.resource].every(
    (loaded) => loaded.state !== 'loading',
  );
  const providerList = providers.state === 'ready' ? providers.value : [];
  return (
    <div className="intg" data-screen="integrations" data-state={settled ? 'ready' : 'loading'} aria-busy={!settled}>
      <ProvidersPanel providers={providers} status={status} />
      <ConnectionsPanel
        connections={connections.resource}
        providers={providerList}
        onSave={saveConnection}
        onRevoke={revoke}
      />
      <section className="intg-panel" aria-labelledby="policy-heading">
        <h2 id="policy-heading">Policy</h2>
        {policy.resource.state === 'loading' ? <p role="status">Loading the policy…</p> : null}
        {policy.resource.state === 'error' ? (
          <Alert title="The policy could not be loaded">{policy.resource.message}</Alert>
        ) : null}
        {policy.resource.state === 'ready' && providers.state !== 'loading' ? (
          <PolicyPanel
            key={policy.resource.value.updatedAt ?? 'default'}
            policy={policy.resource.value}
            providers={providerList}
            onSave={savePolicy}
          />
        ) : null}
      </section>
      <Announcement text={changes.status} />
    </div>
  );
}
