// API keys: the list, a form to create one (scopes capped at the member's own), the new key shown
// once, and revoke. Every action is a tool call (list_api_keys, create_api_key, revoke_api_key; the
// scope ceiling from verify_key).
import { useState, type JSX } from 'react';
import { NotReady } from '../shared/NotReady.tsx';
import { CreateKeyForm, type NewKey } from './CreateKeyForm.tsx';
import { KeyRow } from './KeyRow.tsx';
import { createKey, heldScopes, listKeys, revokeKey, type ApiKey, type CreatedKey } from './keys-api.ts';
import { SecretOnce } from '../shared/SecretOnce.tsx';
import { useChanges } from '../shared/use-changes.ts';
import { useToolResource } from '../shared/use-tool-resource.ts';
import { Announcement, ErrorNotice } from '../../ui/Feedback.tsx';
import '../shared/admin.css';

export function KeysScreen(): JSX.Element {
  const { resource, reload, retry } = useToolResource(async (tools) => {
    const [keys, held] = await Promise.all([listKeys(tools), heldScopes(tools)]);
    return { keys, held };
  });
  const [created, setCreated] = useState<CreatedKey | undefined>();
  const changes = useChanges(reload);

  const onCreate = async (input: NewKey): Promise<boolean> =>
    (await changes.run(async (tools) => setCreated(await createKey(tools, input)))).ok;

  const onRevoke = async (key: ApiKey): Promise<boolean> =>
    (await changes.run((tools) => revokeKey(tools, key.id), `Revoked “${key.name}”.`)).ok;

  if (resource.state !== 'ready') return <NotReady screen="keys" what="keys" load={resource} onRetry={retry} />;

  const { keys, held } = resource.value;
  const active = keys.filter((key) => key.status === 'active');
  const inactive = keys.filter((key) => key.status !== 'active');
  return (
    <div className="admin-screen" data-screen="keys" data-state="ready">
      <p className="muted">
        Keys let scripts and agents call this workspace’s API and MCP tools without signing in. Send one as{' '}
        <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
      {created ? (
        <SecretOnce
          title={`Key “${created.name}” created`}
          label="Your new API key"
          value={created.key}
          warning={
            'Copy the key and store it somewhere safe now. It is not stored in readable form and cannot be shown again; if you lose it, revoke it and create another.'
          }
          onDone={() => setCreated(undefined)}
        />
      ) : null}
      <ErrorNotice message={changes.error} onDismiss={changes.dismiss} />
      <Announcement text={changes.status} />
      <section className="admin-panel">
        <CreateKeyForm held={held} onCreate={onCreate} />
      </section>
      <section aria-labelledby="keys-active-title">
        <h2 id="keys-active-title">Active keys ({active.length})</h2>
        {active.length === 0 ? (
          <p className="empty">No active keys.</p>
        ) : (
          <ul className="admin-list" aria-labelledby="keys-active-title">
            {active.map((key) => (
              <KeyRow key={key.id} apiKey={key} onRevoke={() => onRevoke(key)} />
            ))}
          </ul>
        )}
      </section>
      {inactive.length > 0 ? (
        <section aria-labelledby="keys-inactive-title">
          <h2 id="keys-inactive-title">Revoked and expired ({inactive.length})</h2>
          <ul className="admin-list" aria-labelledby="keys-inactive-title">
            {inactive.map((key) => (
              <KeyRow key={key.id} apiKey={key} onRevoke={() => onRevoke(key)} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
