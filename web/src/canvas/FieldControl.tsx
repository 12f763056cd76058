// One inspector field. The person's text is kept as typed until it is valid; it is saved on blur (or
// Enter in a one-line box), so a half-typed number is never sent and never thrown away.
import { useEffect, useId, useState, type JSX } from 'react';
import { parseFieldValue, type FormField } from './schema-form.ts';

function display(field: FormField, value: unknown): string | boolean {
  if (field.kind === 'checkbox') return value === true;
  if (value === undefined || value === null) return '';
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

export function FieldControl(props: {
  field: FormField;
  value: unknown;
  disabled: boolean;
  onCommit: (value: unknown) => void;
}): JSX.Element {
  const { field } = props;
  const id = useId();
  const [draft, setDraft] = useState(() => display(field, props.value));
  const [error, setError] = useState<string | null>(null);
  // A saved change from elsewhere (undo, another person, a reload after a conflict) replaces the text.
  useEffect(() => {
    setDraft(display(field, props.value));
    setError(null);
  }, [field, props.value]);

  const commit = (raw: string | boolean) => {
    const parsed = parseFieldValue(field, raw);
    if (parsed instanceof Error) return setError(parsed.message);
    setError(null);
    props.onCommit(parsed);
  };
  const described =
    [field.description ? `${id}-about` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    disabled: props.disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  } as const;

  let control: JSX.Element;
  if (field.kind === 'checkbox') {
    control = (
      <input
        type="checkbox"
        {...common}
        checked={draft === true}
        onChange={(event) => {
          setDraft(event.target.checked);
          commit(event.target.checked);
        }}
      />
    );
  } else if (field.kind === 'select') {
    control = (
      <select
        {...common}
        value={String(draft)}
        onChange={(event) => {
          setDraft(event.target.value);
          commit(event.target.value);
        }}
      >
        <option value="">(default)</option>
        {field.options!.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'textarea' || field.kind === 'json' || field.kind === 'code') {
    control = (
      <textarea
        {...common}
        rows={field.kind === 'textarea' ? 6 : 4}
        // Code is not prose: no spelling marks, no autocorrected quotes.
        {...(field.kind === 'code' ? { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } : {})}
        value={String(draft)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => commit(draft)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={field.kind === 'text' ? 'text' : 'number'}
        {...(field.kind === 'integer' ? { step: 1 } : {})}
        {...(field.minimum !== undefined ? { min: field.minimum } : {})}
        {...(field.maximum !== undefined ? { max: field.maximum } : {})}
        {...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {})}
        value={String(draft)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => commit(draft)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(draft);
        }}
      />
    );
  }
  return (
    <div className={`inspector-field field-${field.kind}`}>
      <label htmlFor={id}>{field.label}</label>
      {control}
      {field.description ? (
        <p id={`${id}-about`} className="field-about">
          {field.description}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
