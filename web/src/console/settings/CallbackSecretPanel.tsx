// The workspace's callback signing secret (docs/runs.md, "Signatures"): which secret signs now (masked),
// rotate (the new secret shown once; the old one keeps signing for the chosen overlap), clear (the
// deployment's shared secret signs again), all through set_callback_signing_secret.
import { useEffect, useId, useRef, useState, type JSX } from 'react';
import { SecretOnce } from '../keys/SecretOnce.tsx';
import { DEFAULT_OVERLAP_SECONDS, OVERLAP_CHOICES, describeSeconds, overlapLeft } from './overlap.ts';
import type { CallbackSecrets } from './settings-api.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function CallbackSecretPanel(props: {
  secrets: CallbackSecrets;
  /** The secret of the rotate just made, and its overlap; gone once Done is pressed or the page left. */
  fresh: { secret: string; overlapSeconds: number } | undefined;
  onRotate: (overlapSeconds: number) => Promise<boolean>;
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

  const own = secrets.signedWith === 'workspace' && secrets.current;
  const left = secrets.previous ? overlapLeft(secrets.previous.signsUntil, new Date()) : undefined;
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`} data-testid="callback-secret">
      <h2 id={`${id}-title`}>Callback signing secret</h2>
      <p className="muted">
        Run callbacks carry an HMAC signature. With a secret of its own, this workspace’s callbacks can be told from any
        other workspace’s on this deployment.
      </p>
      <p data-testid="callback-secret-state">
        {own ? (
          <>
            <strong>Set.</strong> This workspace signs with <code>{secrets.current!.hint}</code>, drawn{' '}
            {when(secrets.current!.createdAt)}.
          </>
        ) : (
          <>
            <strong>Not set.</strong> Callbacks are signed with the deployment’s shared secret, if it has one.
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
          title="New callback signing secret"
          label="Callback signing secret"
          value={props.fresh.secret}
          warning={`Give it to your callback receivers now: it is stored encrypted and never shown again. ${
            secrets.previous
              ? `The previous secret ${secrets.previous.hint} keeps signing too, ` +
                `for ${describeSeconds(props.fresh.overlapSeconds)}, so receivers can switch meanwhile.`
              : 'It signs this workspace’s callbacks from now on, alone.'
          }`}
          onDone={props.onFreshDone}
        />
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
            Clear it? Callbacks go back to the deployment’s shared secret at once; receivers checking this workspace’s
            secret will refuse them.
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
