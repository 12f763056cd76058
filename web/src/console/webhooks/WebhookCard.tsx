// One webhook-trigger node: its URL and signed variants to copy, its secret on request, provider signing
// secrets, revoke (asked first, in place) and register again.
import { useEffect, useRef, useState, type JSX } from 'react';
import { CopyField } from './CopyField.tsx';
import { SigningSecrets } from './SigningSecrets.tsx';
import { SCHEMES, hookName } from './schemes.ts';
import type { Registration, Scheme, WebhookListing } from './types.ts';

const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

export function WebhookCard(props: {
  hook: WebhookListing;
  onRegister: () => Promise<Registration | string>;
  onRevoke: () => Promise<string | undefined>;
  onSetSecret: (scheme: Scheme, secret: string | null) => Promise<string | undefined>;
}): JSX.Element {
  const { hook } = props;
  const name = hookName(hook);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // The trigger's own secret, only while this card shows it (never kept past a revoke or a reload).
  const [secret, setSecret] = useState<string | undefined>();
  const keep = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const register = async () => {
    setBusy(true);
    const answer = await props.onRegister();
    setBusy(false);
    if (typeof answer === 'string') return setError(answer);
    setError(undefined);
    setSecret(answer.webhookSecret);
  };
  const revoke = async () => {
    setBusy(true);
    const failed = await props.onRevoke();
    setBusy(false);
    setError(failed);
    if (!failed) {
      setConfirming(false);
      setSecret(undefined);
    }
  };

  return (
    <li className={hook.registered ? 'hooks-card' : 'hooks-card hooks-unregistered'} data-node-id={hook.triggerNodeId}>
      <div className="hooks-card-head">
        <h3>{name}</h3>
        <span className={hook.registered ? 'badge hooks-badge-on' : 'badge'}>
          {hook.registered ? 'Registered' : 'Not registered'}
        </span>
        <span className="muted">
          node <code>{hook.triggerNodeId}</code>
          {hook.registeredAt ? <> · registered {when(hook.registeredAt)}</> : null}
          {hook.registered ? (
            hook.lastTriggeredAt ? (
              <> · last called {when(hook.lastTriggeredAt)}</>
            ) : (
              ' · never called'
            )
          ) : null}
        </span>
      </div>
      {hook.registered && hook.webhookUrl && hook.signedUrls ? (
        <>
          <CopyField label="URL" value={hook.webhookUrl} copyName={`Copy the URL of ${name}`} />
          <p className="muted hooks-note">
            Callers send the trigger’s secret in an Authorization: Bearer or x-webhook-secret header.
          </p>
          {secret ? (
            <div className="hooks-secret-shown">
              <CopyField label="Secret" value={secret} copyName={`Copy the secret of ${name}`} />
              <button type="button" onClick={() => setSecret(undefined)}>
                Hide secret
              </button>
            </div>
          ) : (
            <button
              type="button"
              disabled={busy}
              onClick={() => void register()}
              aria-label={`Show the secret of ${name}`}
            >
              Show secret
            </button>
          )}
          <details className="hooks-signed">
            <summary>Signed URLs for providers</summary>
            <p className="muted">
              GitHub, Stripe, Shopify and Standard Webhooks senders sign each delivery instead of sending a secret
              header.
            </p>
            {SCHEMES.map((scheme) => (
              <CopyField
                key={scheme.id}
                label={scheme.label}
                value={hook.signedUrls![scheme.id]}
                copyName={`Copy the ${scheme.label} URL of ${name}`}
              />
            ))}
          </details>
          <SigningSecrets hook={hook} name={name} onSet={props.onSetSecret} />
        </>
      ) : (
        <p className="muted">Calls get 404 until it is registered. Registering gives it a new URL and secret.</p>
      )}
      {error ? (
        <p className="hooks-error" role="alert">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <fieldset className="actions bare" aria-label={`Revoke ${name}?`}>
          <span>Revoke {name}? Calls get 404 at once; registering again gives a new secret.</span>
          <button type="button" className="danger" disabled={busy} onClick={() => void revoke()}>
            Revoke
          </button>
          <button type="button" ref={keep} onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </fieldset>
      ) : (
        <fieldset className="actions bare" aria-label={`Actions for ${name}`}>
          {hook.registered ? (
            <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
              Revoke
            </button>
          ) : (
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void register()}
              aria-label={`Register ${name}`}
            >
              {busy ? 'Registering…' : 'Register'}
            </button>
          )}
        </fieldset>
      )}
    </li>
  );
}
