// API keys: the list, a form to create one (scopes capped at the member's own), the new key shown
// once, and revoke. Every action is a tool call (list_api_keys, create_api_key, revoke_api_key; the
// scope ceiling from verify_key).
import { useCallback, useEffect, useState, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { NotReady } from '../shared/NotReady.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { CreateKeyForm, type NewKey } from './CreateKeyForm.tsx';
import { KeyRow } from './KeyRow.tsx';
import { createKey, heldScopes, listKeys, revokeKey, type ApiKey, type CreatedKey } from './keys-api.ts';
import { SecretOnce } from '../shared/SecretOnce.tsx';
import { useFailure } from '../shared/use-failure.ts';
import '../shared/admin.css';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; keys: ApiKey[]; held: string[] };

export function KeysScreen(): JSX.Element {
  const { tools } = useStudio();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [created, setCreated] = useState<CreatedKey | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const fail = useFailure(setError);
  const failLoad = useFailure(useCallback((message: string) => setLoad({ state: 'error', message }), []));

  const reload = useCallback(async () => {
    try {
      const [keys, held] = await Promise.all([listKeys(tools), heldScopes(tools)]);
      setLoad({ state: 'ready', keys, held });
    } catch (caught) {
      failLoad(caught);
    }
  }, [tools, failLoad]);

  useEffect(() => void reload(), [reload]);

  const onCreate = async (input: NewKey): Promise<boolean> => {
    setError(undefined);
    try {
      setCreated(await createKey(tools, input));
      await reload();
      return true;
    } catch (caught) {
      fail(caught);
      return false;
    }
  };

  const onRevoke = async (key: ApiKey): Promise<boolean> => {
    setError(undefined);
    try {
      await revokeKey(tools, key.id);
      setStatus(`Revoked “${key.name}”.`);
      await reload();
      return true;
    } catch (caught) {
      fail(caught);
      return false;
    }
  };

  if (load.state !== 'ready')
    return (
      <NotReady
        screen="keys"
        what="keys"
        load={load}
        onRetry={() => {
          setLoad({ state: 'loading' });
          void reload();
        }}
      />
    );

  const active = load.keys.filter((key) => key.status === 'active');
  const inactive = load.keys.filter((key) => key.status !== 'active');
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
            'Copy the key and store it somewhere safe now. It is not stored in readable form and cannot be shown ' +
            'again; if you lose it, revoke it and create another.'
          }
          onDone={() => setCreated(undefined)}
        />
      ) : null}
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
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <section className="admin-panel">
        <CreateKeyForm held={load.held} onCreate={onCreate} />
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
