// One key: its name, prefix, scopes, expiry and state, with revoke asked about in the row itself so a
// keyboard or screen-reader user meets the same question.
import { useEffect, useRef, useState, type JSX } from 'react';
import { describeExpiry } from './expiry.ts';
import type { ApiKey } from './keys-api.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function KeyRow(props: { apiKey: ApiKey; onRevoke: () => Promise<boolean> }): JSX.Element {
  const { apiKey } = props;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const revoke = async () => {
    setBusy(true);
    const ok = await props.onRevoke();
    setBusy(false);
    if (ok) setConfirming(false);
  };
  const cancel = () => {
    setConfirming(false);
    queueMicrotask(() => revokeButton.current?.focus());
  };

  const now = new Date();
  return (
    <li className={apiKey.status === 'active' ? 'admin-row' : 'admin-row inactive'} data-key-id={apiKey.id}>
      <div className="row-main">
        <span className="row-title">
          {apiKey.name} <code>{apiKey.prefix}…</code>
          {apiKey.status === 'active' ? null : (
            <span className={`badge badge-${apiKey.status}`}>
              {apiKey.status === 'revoked' ? 'Revoked' : 'Expired'}
            </span>
          )}
        </span>
        <ul className="scope-chips" aria-label={`Scopes of ${apiKey.name}`}>
          {apiKey.scopes.map((scope) => (
            <li key={scope}>{scope}</li>
          ))}
        </ul>
        <span className="muted">
          Created {when(apiKey.createdAt)} ·{' '}
          {apiKey.status === 'revoked' && apiKey.revokedAt
            ? `revoked ${when(apiKey.revokedAt)}`
            : describeExpiry(apiKey.expiresAt ?? null, now)}
          {apiKey.expiresAt && apiKey.status !== 'revoked' ? ` (${when(apiKey.expiresAt)})` : ''}
        </span>
      </div>
      {apiKey.status !== 'active' ? null : confirming ? (
        <fieldset className="actions row-confirm bare" aria-label={`Revoke ${apiKey.name}?`}>
          <span>Revoke “{apiKey.name}”? Anything using it is refused from its next request.</span>
          <button type="button" className="danger" disabled={busy} onClick={() => void revoke()}>
            {busy ? 'Revoking…' : 'Revoke'}
          </button>
          <button type="button" ref={keep} onClick={cancel}>
            Keep it
          </button>
        </fieldset>
      ) : (
        <div className="actions">
          <button
            type="button"
            ref={revokeButton}
            onClick={() => setConfirming(true)}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke…
          </button>
        </div>
      )}
    </li>
  );
}
