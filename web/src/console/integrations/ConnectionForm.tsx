// The form that stores a connection or edits one. Secret inputs are password fields the browser is asked
// not to fill or remember; when editing, they start empty and stay optional (empty keeps the stored secret).
import { useId, type FormEvent, type JSX } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { NAMED_SECRETS, credentialFields, emptySecretRow, type ConnectionDraft } from './credential-form.ts';

export function ConnectionForm(props: {
  draft: ConnectionDraft;
  onChange: (draft: ConnectionDraft) => void;
  /** Providers to choose from; absent when editing one connection. */
  providerChoices?: readonly { id: string; label: string }[];
  editing: boolean;
  busy: boolean;
  error?: string;
  submitLabel: string;
  onSubmit: () => void;
  onCancel?: () => void;
}): JSX.Element {
  const { draft, onChange, editing } = props;
  const id = useId();
  const set = (patch: Partial<ConnectionDraft>) => onChange({ ...draft, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const secretLegend = editing ? 'Replace the secret (optional: leave empty to keep the stored one)' : 'Secret';
  const setRow = (index: number, patch: Partial<{ name: string; value: string }>) =>
    set({ secrets: draft.secrets.map((row, at) => (at === index ? { ...row, ...patch } : row)) });

  return (
    <form className="intg-form" onSubmit={submit} aria-label={props.submitLabel}>
      {props.providerChoices ? (
        <div className="intg-field">
          <label htmlFor={`${id}-provider`}>Provider</label>
          <select
            id={`${id}-provider`}
            value={draft.provider}
            onChange={(event) =>
              onChange({
                ...draft,
                provider: event.target.value,
                fields: {},
                secrets: event.target.value === NAMED_SECRETS ? [emptySecretRow()] : [],
              })
            }
          >
            {props.providerChoices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="intg-field">
        <label htmlFor={`${id}-label`}>Label</label>
        <input
          id={`${id}-label`}
          value={draft.label}
          maxLength={100}
          onChange={(event) => set({ label: event.target.value })}
          placeholder="Optional"
        />
      </div>
      <fieldset className="intg-secrets">
        <legend>{secretLegend}</legend>
        {draft.provider === NAMED_SECRETS ? (
          <>
            <p className="muted">
              Named secrets for http-request nodes, used as <code>{'{{connections.http.NAME}}'}</code> in a header
              value.
              {editing ? ' Saving new secrets replaces every stored one.' : ''}
            </p>
            {draft.secrets.map((row, index) => (
              <div className="intg-secret-row" key={row.key}>
                <label htmlFor={`${id}-name-${index}`}>Name</label>
                <input
                  id={`${id}-name-${index}`}
                  value={row.name}
                  maxLength={64}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => setRow(index, { name: event.target.value })}
                  placeholder="CRM_TOKEN"
                />
                <label htmlFor={`${id}-value-${index}`}>Value</label>
                <input
                  id={`${id}-value-${index}`}
                  type="password"
                  value={row.value}
                  autoComplete="new-password"
                  onChange={(event) => setRow(index, { value: event.target.value })}
                />
                {draft.secrets.length > 1 ? (
                  <button
                    type="button"
                    onClick={() => set({ secrets: draft.secrets.filter((_, at) => at !== index) })}
                    aria-label={`Remove secret ${row.name || index + 1}`}
                  >
                    Remove
                  </button>
                ) : null}
              </div>
            ))}
            <button
              type="button"
              onClick={() => set({ secrets: [...draft.secrets, emptySecretRow()] })}
              disabled={draft.secrets.length >= 50}
            >
              Add a secret
            </button>
          </>
        ) : (
          credentialFields(draft.provider).map((field) => (
            <div className="intg-field" key={field.name}>
              <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
              <input
                id={`${id}-${field.name}`}
                type="password"
                autoComplete="new-password"
                value={draft.fields[field.name] ?? ''}
                onChange={(event) => set({ fields: { ...draft.fields, [field.name]: event.target.value } })}
                aria-describedby={field.help ? `${id}-${field.name}-help` : undefined}
              />
              {field.help ? (
                <span className="muted" id={`${id}-${field.name}-help`}>
                  {field.help}
                </span>
              ) : null}
            </div>
          ))
        )}
      </fieldset>
      <div className="intg-field">
        <label htmlFor={`${id}-origins`}>Allowed origins</label>
        <textarea
          id={`${id}-origins`}
          rows={3}
          value={draft.origins}
          spellCheck={false}
          onChange={(event) => set({ origins: event.target.value })}
          placeholder="https://api.example.com"
          aria-describedby={`${id}-origins-help`}
        />
        <span className="muted" id={`${id}-origins-help`}>
          One per line. http-request nodes may send this connection’s values to these origins only; with none, they are
          sent nowhere.
        </span>
      </div>
      {props.error ? <Alert title="Not saved">{props.error}</Alert> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={props.busy}>
          {props.busy ? 'Saving…' : props.submitLabel}
        </button>
        {props.onCancel ? (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
