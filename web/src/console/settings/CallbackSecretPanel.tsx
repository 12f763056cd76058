// The workspace's callback signing secret (docs/callbacks.md, "Signatures"): which secret signs now (masked),
// reveal (the default secret the service derived for this workspace, shown once), rotate (a new secret
// shown once; the old one keeps signing for the chosen overlap), clear (the default secret signs again),
// all through set_callback_signing_secret.
import { useEffect, useId, useRef, useState, type JSX } from 'react';
import { SecretOnce } from '../shared/SecretOnce.tsx';
import { DEFAULT_OVERLAP_SECONDS, OVERLAP_CHOICES, describeSeconds, overlapLeft } from './overlap.ts';
import type { CallbackSecrets } from './settings-api.ts';

/** A secret just answered (by a rotate, with its overlap, or by the reveal of the default). */
export interface FreshSecret {
  secret: string;
  /** What receivers verifying with a Standard Webhooks library take (whsec_…). */
  standardWebhooksSecret: string;
  /** Set for a rotate. */
  overlapSeconds?: number;
}

/** What the panel says under a secret just answered: keep it, and what signs meanwhile. */
function freshWarning(fresh: FreshSecret, secrets: CallbackSecrets): string {
  const keep =
    'Give it to your callback receivers now (a Standard Webhooks library takes it as is): it is never shown again.';
  if (fresh.overlapSeconds === undefined) return keep;
  return secrets.previous
    ? `${keep} The previous secret ${secrets.previous.hint} keeps signing too, ` +
        `for ${describeSeconds(fresh.overlapSeconds)}, so receivers can switch meanwhile.`
    : `${keep} It signs this workspace’s callbacks from now on, alone.`;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function CallbackSecretPanel(props: {
  secrets: CallbackSecrets;
  /** The secret just answered; gone once Done is pressed or the page left. */
  fresh: FreshSecret | undefined;
  onRotate: (overlapSeconds: number) => Promise<boolean>;
  onReveal: () => Promise<boolean>;
  onClear: () => Promise<boolean>;
  onFreshDone: () => void;
}): JSX.Element {
  const { secrets } = props;
  const id = useId();
  const [overlap, setOverlap] = useState(DEFAULT_OVERLAP_SECONDS);
  const [confirm, setConfirm] = useState<'rotate' | 'clear' | undefined>();
  const [busy, setBusy] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirm) cancelButton.current?.focus();
  }, [confirm]);

  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    await action();
    setBusy(false);
    setConfirm(undefined);
  };

  const own = !secrets.current.derived;
  const left = secrets.previous ? overlapLeft(secrets.previous.signsUntil, new Date()) : undefined;
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`} data-testid="callback-secret">
      <h2 id={`${id}-title`}>Callback signing secret</h2>
      <p className="muted">
        Run callbacks carry an HMAC signature (Standard Webhooks headers) made with this workspace’s own secret, which
        no other workspace’s callbacks are signed with.
      </p>
      <p data-testid="callback-secret-state">
        {own ? (
          <>
            <strong>Set.</strong> This workspace signs with <code>{secrets.current.hint}</code>, drawn{' '}
            {secrets.current.createdAt ? when(secrets.current.createdAt) : ''}.
          </>
        ) : (
          <>
            <strong>Default.</strong> This workspace signs with its default secret <code>{secrets.current.hint}</code>,
            derived for it by the service{secrets.defaultShown ? ' (shown once already)' : ''}.
          </>
        )}
      </p>
      {secrets.previous && left ? (
        <p>
          The previous secret <code>{secrets.previous.hint}</code> also signs, as a second signature, until{' '}
          {when(secrets.previous.signsUntil)} ({left} left).
        </p>
      ) : null}
      {props.fresh ? (
        <SecretOnce
          title={
            props.fresh.overlapSeconds === undefined ? 'Default callback signing secret' : 'New callback signing secret'
          }
          label="Callback signing secret"
          value={props.fresh.standardWebhooksSecret}
          warning={freshWarning(props.fresh, secrets)}
          onDone={props.onFreshDone}
        >
          <p className="muted">
            Receivers that still check the older X-Service-Signature headers use it as <code>{props.fresh.secret}</code>
            .
          </p>
        </SecretOnce>
      ) : null}
      {confirm === 'rotate' ? (
        <fieldset className="admin-form bare" aria-label="Rotate the callback signing secret?">
          <div className="admin-field">
            <label htmlFor={`${id}-overlap`}>Previous secret keeps signing for</label>
            <select id={`${id}-overlap`} value={overlap} onChange={(event) => setOverlap(Number(event.target.value))}>
              {OVERLAP_CHOICES.map((choice) => (
                <option key={choice.seconds} value={choice.seconds}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <div className="actions">
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void run(() => props.onRotate(overlap))}
            >
              {busy ? 'Rotating…' : own ? 'Rotate now' : 'Create secret'}
            </button>
            <button type="button" ref={cancelButton} onClick={() => setConfirm(undefined)}>
              Cancel
            </button>
          </div>
        </fieldset>
      ) : confirm === 'clear' ? (
        <fieldset className="actions bare" aria-label="Clear the callback signing secret?">
          <span>
            Clear it? Callbacks go back to this workspace’s default secret at once; receivers checking the drawn secret
            will refuse them.
          </span>
          <button type="button" className="danger" disabled={busy} onClick={() => void run(props.onClear)}>
            {busy ? 'Clearing…' : 'Clear secret'}
          </button>
          <button type="button" ref={cancelButton} onClick={() => setConfirm(undefined)}>
            Keep it
          </button>
        </fieldset>
      ) : (
        <div className="actions">
          {!own && !secrets.defaultShown ? (
            <button type="button" disabled={busy} onClick={() => void run(props.onReveal)}>
              Show the default secret
            </button>
          ) : null}
          <button type="button" onClick={() => setConfirm('rotate')}>
            {own ? 'Rotate…' : 'Create a secret…'}
          </button>
          {own ? (
            <button type="button" onClick={() => setConfirm('clear')}>
              Clear…
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
