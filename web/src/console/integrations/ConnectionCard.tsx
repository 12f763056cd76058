// One stored connection: what is set (masked), where its values may go, and edit or revoke. Revoking asks
// first, in place, so keyboard and screen-reader users get the same question.
import { useEffect, useRef, useState, type JSX } from 'react';
import { ConnectionForm } from './ConnectionForm.tsx';
import { draftFor, upsertOf, type ConnectionDraft } from './credential-form.ts';
import type { Connection, UpsertConnection } from './types.ts';

type Mode =
  | { kind: 'view' }
  | { kind: 'edit'; draft: ConnectionDraft; error?: string }
  | { kind: 'confirm-revoke'; error?: string };

export function ConnectionCard(props: {
  connection: Connection;
  providerLabel: string;
  onSave: (input: UpsertConnection) => Promise<string | undefined>;
  onRevoke: () => Promise<string | undefined>;
}): JSX.Element {
  const { connection } = props;
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const name = connection.label ? `${props.providerLabel} (${connection.label})` : props.providerLabel;

  useEffect(() => {
    if (mode.kind === 'confirm-revoke') keepButton.current?.focus();
  }, [mode.kind]);

  const back = () => {
    setMode({ kind: 'view' });
    queueMicrotask(() => editButton.current?.focus());
  };

  const save = async () => {
    if (mode.kind !== 'edit') return;
    const built = upsertOf(mode.draft, connection);
    if ('problem' in built) return setMode({ ...mode, error: built.problem });
    setBusy(true);
    const error = await props.onSave(built.input);
    setBusy(false);
    // Failed: everything typed stays. Saved: the form (and any secret typed in it) goes.
    if (error) setMode({ ...mode, error });
    else back();
  };

  const revoke = async () => {
    setBusy(true);
    const error = await props.onRevoke();
    setBusy(false);
    if (error) setMode({ kind: 'confirm-revoke', error });
    else setMode({ kind: 'view' });
  };

  const active = connection.status === 'active';
  return (
    <li className={active ? 'intg-card' : 'intg-card intg-revoked'} data-provider={connection.provider}>
      <div className="intg-card-head">
        <h3>{name}</h3>
        <span className={active ? 'badge' : 'badge intg-badge-revoked'}>{active ? 'Active' : 'Revoked'}</span>
      </div>
      {active ? (
        <dl className="intg-facts">
          <dt>Secret</dt>
          <dd>
            {Object.entries(connection.masked).map(([field, hint]) => (
              <span key={field} className="intg-mask">
                <code>{field}</code> <span aria-hidden="true">{hint}</span>
                <span className="sr-only">{`ends with ${hint.replace('…', '') || 'hidden characters'}`}</span>
              </span>
            ))}
          </dd>
          <dt>Allowed origins</dt>
          <dd>
            {connection.allowedOrigins.length === 0 ? (
              <span className="intg-warn">None: its values are sent nowhere.</span>
            ) : (
              <ul className="intg-origins">
                {connection.allowedOrigins.map((origin) => (
                  <li key={origin}>
                    <code>{origin}</code>
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Updated</dt>
          <dd>
            <time dateTime={connection.updatedAt}>{new Date(connection.updatedAt).toLocaleString()}</time>
          </dd>
        </dl>
      ) : (
        <p className="muted">
          Revoked{' '}
          <time dateTime={connection.revokedAt ?? connection.updatedAt}>
            {new Date(connection.revokedAt ?? connection.updatedAt).toLocaleString()}
          </time>
          : the secret was deleted. Store a new one below.
        </p>
      )}
      {mode.kind === 'edit' ? (
        <ConnectionForm
          draft={mode.draft}
          onChange={(draft) => setMode({ ...mode, draft })}
          editing
          busy={busy}
          error={mode.error}
          submitLabel={`Save ${name}`}
          onSubmit={() => void save()}
          onCancel={back}
        />
      ) : mode.kind === 'confirm-revoke' ? (
        <fieldset className="actions bare" aria-label={`Revoke ${name}?`}>
          <span>Revoke {name}? Its secret is deleted at once; nodes using it fail.</span>
          <button type="button" className="danger" disabled={busy} onClick={() => void revoke()}>
            Revoke
          </button>
          <button type="button" ref={keepButton} onClick={back}>
            Keep it
          </button>
          {mode.error ? (
            <p role="alert" className="intg-error">
              {mode.error}
            </p>
          ) : null}
        </fieldset>
      ) : active ? (
        <fieldset className="actions bare" aria-label={`Actions for ${name}`}>
          <button type="button" ref={editButton} onClick={() => setMode({ kind: 'edit', draft: draftFor(connection) })}>
            Edit
          </button>
          <button type="button" onClick={() => setMode({ kind: 'confirm-revoke' })}>
            Revoke
          </button>
        </fieldset>
      ) : null}
    </li>
  );
}
