// Provider signing secrets of one trigger, per scheme: only whether one is stored and since when — the
// service never answers the secret, and the field is emptied once it is saved.
import { useId, useState, type FormEvent, type JSX } from 'react';
import { SCHEMES, schemeLabel, secretProblem } from './schemes.ts';
import type { Scheme, WebhookListing } from './types.ts';

export function SigningSecrets(props: {
  hook: WebhookListing;
  name: string;
  onSet: (scheme: Scheme, secret: string | null) => Promise<string | undefined>;
}): JSX.Element {
  const id = useId();
  const [scheme, setScheme] = useState<Scheme>('stripe');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const secrets = props.hook.signingSecrets;

  const run = async (target: Scheme, value: string | null) => {
    setBusy(true);
    const failed = await props.onSet(target, value);
    setBusy(false);
    setError(failed);
    return !failed;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = secretProblem(scheme, secret);
    if (problem) return setError(problem);
    if (await run(scheme, secret)) setSecret('');
  };

  return (
    <div className="hooks-secrets">
      <h4>Provider signing secrets</h4>
      <ul className="hooks-secret-list">
        {SCHEMES.map((entry) => {
          const stored = secrets?.[entry.id];
          return (
            <li key={entry.id} data-scheme={entry.id}>
              <span className="hooks-scheme">{entry.label}</span>
              {stored?.set ? (
                <>
                  <span>
                    Provider secret set
                    {stored.setAt ? (
                      <>
                        {' '}
                        on <time dateTime={stored.setAt}>{new Date(stored.setAt).toLocaleString()}</time>
                      </>
                    ) : null}
                  </span>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void run(entry.id, null)}
                    aria-label={`Remove the ${entry.label} signing secret of ${props.name}`}
                  >
                    Remove
                  </button>
                </>
              ) : (
                <span className="muted">Not set: the trigger’s own secret verifies</span>
              )}
            </li>
          );
        })}
      </ul>
      <form
        className="hooks-secret-form"
        onSubmit={submit}
        aria-label={`Set a provider signing secret for ${props.name}`}
      >
        <label htmlFor={`${id}-scheme`}>Provider</label>
        <select
          id={`${id}-scheme`}
          value={scheme}
          onChange={(event) => {
            setScheme(event.target.value as Scheme);
            return setError(undefined);
          }}
        >
          {SCHEMES.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.label}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-secret`}>Signing secret</label>
        <input
          id={`${id}-secret`}
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(event) => {
            setSecret(event.target.value);
            return setError(undefined);
          }}
          aria-describedby={`${id}-where`}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : `Set ${schemeLabel(scheme)} secret`}
        </button>
        <span className="muted hooks-where" id={`${id}-where`}>
          Paste {SCHEMES.find((entry) => entry.id === scheme)!.where}. It is encrypted and never shown again.
        </span>
        {error ? (
          <p className="hooks-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
