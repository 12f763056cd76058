// The new-key form: a name, the scopes (only those the signed-in member holds), an expiry. It keeps
// everything typed when the call fails; the screen clears it only once the key exists.
import { useId, useState, type FormEvent, type JSX } from 'react';
import {
  EXPIRY_PRESETS,
  dateInputValue,
  earliestDate,
  expiresInDays,
  expiryOf,
  latestDate,
  type ExpiryChoice,
} from './expiry.ts';
import { SCOPE_HELP, initialSelection, pickableScopes, selectionProblem, toggleScope } from './key-scopes.ts';

export interface NewKey {
  name: string;
  scopes: string[];
  expiresInDays: number | undefined;
}

export function CreateKeyForm(props: {
  held: readonly string[];
  onCreate: (key: NewKey) => Promise<boolean>;
}): JSX.Element {
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState(() => initialSelection(props.held));
  const [preset, setPreset] = useState('30');
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);

  const now = new Date();
  const choice: ExpiryChoice =
    preset === 'never'
      ? { kind: 'never' }
      : preset === 'date'
        ? { kind: 'date', date }
        : { kind: 'days', days: Number(preset) };
  const expiry = expiresInDays(choice, now);
  const scopeProblem = selectionProblem(scopes, props.held);
  const expiryProblem = 'problem' in expiry ? expiry.problem : undefined;
  const days = 'days' in expiry ? expiry.days : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (scopeProblem || expiryProblem || !name.trim()) return;
    setBusy(true);
    const ok = await props.onCreate({ name: name.trim(), scopes, expiresInDays: days });
    setBusy(false);
    if (ok) {
      setName('');
      setScopes(initialSelection(props.held));
      setTried(false);
    }
  };

  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>Create a key</h2>
      <div className="admin-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={100}
          required
          aria-invalid={tried && !name.trim()}
          aria-describedby={`${id}-name-problem`}
          placeholder="e.g. CI pipeline"
        />
        <p id={`${id}-name-problem`} className="field-problem">
          {tried && !name.trim() ? 'Give the key a name to recognise it by.' : ''}
        </p>
      </div>
      <fieldset aria-describedby={`${id}-scopes-help ${id}-scopes-problem`}>
        <legend>Scopes</legend>
        <p id={`${id}-scopes-help`} className="muted">
          Only the scopes you hold yourself can be given to a key.
        </p>
        <div className="scope-grid">
          {pickableScopes(props.held).map((scope) => (
            <label key={scope} className="scope-option">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(event) => setScopes(toggleScope(scopes, scope, event.target.checked))}
              />
              <span>
                <code>{scope}</code>
                <span className="muted">{SCOPE_HELP[scope] ?? 'A scope this studio does not describe yet'}</span>
              </span>
            </label>
          ))}
        </div>
        <p id={`${id}-scopes-problem`} className="field-problem">
          {tried ? (scopeProblem ?? '') : ''}
        </p>
      </fieldset>
      <div className="admin-inline">
        <div className="admin-field">
          <label htmlFor={`${id}-expiry`}>Expires after</label>
          <select
            id={`${id}-expiry`}
            value={preset}
            onChange={(event) => setPreset(event.target.value)}
            aria-describedby={`${id}-expiry-note`}
          >
            {EXPIRY_PRESETS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
            <option value="date">On a date…</option>
          </select>
        </div>
        {preset === 'date' ? (
          <div className="admin-field">
            <label htmlFor={`${id}-date`}>Last day it works</label>
            <input
              id={`${id}-date`}
              type="date"
              value={date}
              min={dateInputValue(earliestDate(now))}
              max={dateInputValue(latestDate(now))}
              onChange={(event) => setDate(event.target.value)}
              aria-invalid={Boolean(expiryProblem)}
            />
          </div>
        ) : null}
      </div>
      <p id={`${id}-expiry-note`} className={expiryProblem && (tried || date) ? 'field-problem' : 'muted'}>
        {expiryProblem
          ? tried || date
            ? expiryProblem
            : 'Choose the last day the key should work.'
          : days === undefined
            ? 'The key works until it is revoked. Prefer an expiry for keys that leave your machine.'
            : `The key stops working on ` +
              `${expiryOf(days, now).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}.`}
      </p>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create key'}
      </button>
    </form>
  );
}
