// One published server: where it answers, what it serves, and its umcp_ credentials (create, shown once;
// revoke). A public server has no credentials to manage.
import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { SecretOnce } from '../shared/SecretOnce.tsx';
import { useFailure } from '../shared/use-failure.ts';
import {
  createCredential,
  listCredentials,
  revokeCredential,
  type PublishedServer,
  type ServerCredential,
} from './servers-api.ts';

export function ServerCard(props: {
  server: PublishedServer;
  onError: (message: string) => void;
  onUnpublish: () => Promise<void>;
}): JSX.Element {
  const { server } = props;
  const { tools } = useStudio();
  const [credentials, setCredentials] = useState<ServerCredential[] | undefined>();
  const [created, setCreated] = useState<{ id: string; name: string; credential: string } | undefined>();
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState(false);
  const fail = useFailure(props.onError);
  const titleId = `server-${server.id}`;

  const reload = useCallback(async () => {
    if (server.visibility !== 'protected') return;
    try {
      setCredentials(await listCredentials(tools, server.id));
    } catch (caught) {
      fail(caught);
    }
  }, [tools, server.id, server.visibility, fail]);
  useEffect(() => void reload(), [reload]);

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const minted = await createCredential(tools, server.id, name.trim());
      setCreated({ id: minted.id, name: minted.name, credential: minted.credential });
      setName('');
      await reload();
    } catch (caught) {
      fail(caught);
    }
  };
  const onRevoke = async (credential: ServerCredential) => {
    try {
      await revokeCredential(tools, server.id, credential.id);
      // A revoked credential opens nothing: stop showing its value.
      if (created?.id === credential.id) setCreated(undefined);
      await reload();
    } catch (caught) {
      fail(caught);
    }
  };

  return (
    <li className="admin-panel" data-server-id={server.id} aria-labelledby={titleId}>
      <h2 id={titleId}>{server.name}</h2>
      <p className="muted">{server.description}</p>
      <dl className="server-facts">
        <dt>URL</dt>
        <dd>
          <code>{server.url ?? server.path}</code>
        </dd>
        <dt>Access</dt>
        <dd>
          {server.visibility === 'public' ? 'Public: no credential, lower limits' : 'Protected: umcp_ credential'}
        </dd>
        <dt>Serves</dt>
        <dd>
          {server.version === 'pinned' ? `Canvas version ${server.pinnedCanvasVersion}` : 'The canvas as it is now'}
        </dd>
        <dt>Tools</dt>
        <dd>{server.tools.map((tool) => tool.toolName).join(', ')}</dd>
        <dt>Limits</dt>
        <dd>
          {server.limits.callsPerMinute} calls a minute, {server.limits.creditsPerDay} credits a day
        </dd>
      </dl>
      {created ? (
        <SecretOnce
          title={`Credential “${created.name}” created`}
          label="Your new credential"
          value={created.credential}
          warning="Copy it now: it is not stored in readable form and cannot be shown again."
          onDone={() => setCreated(undefined)}
        />
      ) : null}
      {server.visibility === 'protected' ? (
        <section aria-label={`Credentials of ${server.name}`}>
          <h3>Credentials</h3>
          <form className="admin-inline" onSubmit={(event) => void onCreate(event)}>
            <label>
              Name
              <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />
            </label>
            <button type="submit">Create credential</button>
          </form>
          {credentials === undefined ? (
            <p role="status">Loading credentials…</p>
          ) : credentials.length === 0 ? (
            <p className="empty">No credentials yet.</p>
          ) : (
            <ul className="admin-list">
              {credentials.map((credential) => (
                <li key={credential.id} className="admin-row" data-credential-id={credential.id}>
                  <span className="row-title">
                    {credential.name} <code>{credential.prefix}…</code>{' '}
                    <span className={`badge badge-${credential.status}`}>{credential.status}</span>
                  </span>
                  {credential.status === 'active' ? (
                    <button
                      type="button"
                      aria-label={`Revoke ${credential.name}`}
                      onClick={() => void onRevoke(credential)}
                    >
                      Revoke
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {confirming ? (
        <fieldset className="actions row-confirm bare" aria-label={`Unpublish ${server.name}?`}>
          <span>Unpublish “{server.name}”? Its URL stops answering and its credentials stop working.</span>
          <button type="button" className="danger" onClick={() => void props.onUnpublish()}>
            Unpublish
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </fieldset>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setConfirming(true)}>
            Unpublish…
          </button>
        </div>
      )}
    </li>
  );
}
