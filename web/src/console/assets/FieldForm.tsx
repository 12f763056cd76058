// One labelled field with its button, for rename, move and tags. A refusal is shown under the field
// and what was typed stays in it; `check` explains a wrong value before any call is made.
import { useId, useState, type FormEvent, type JSX } from 'react';

export function FieldForm(props: {
  label: string;
  initial: string;
  submit: string;
  /** Answers why the value cannot be sent, or the value to send. */
  check?: (value: string) => { problem: string } | { value: string };
  /** Resolves to an error sentence, or undefined when saved. */
  save: (value: string) => Promise<string | undefined>;
  suggestions?: readonly string[];
  placeholder?: string;
  hint?: string;
}): JSX.Element {
  const [value, setValue] = useState(props.initial);
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = props.check
      ? props.check(value)
      : value.trim()
        ? { value: value.trim() }
        : { problem: `${props.label} cannot be empty.` };
    if ('problem' in checked) return setProblem(checked.problem);
    setBusy(true);
    setProblem(await props.save(checked.value));
    setBusy(false);
  };

  return (
    <form className="field-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-input`}>{props.label}</label>
      <div className="field-row">
        <input
          id={`${id}-input`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={
            [problem ? `${id}-problem` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
          }
          placeholder={props.placeholder}
          list={props.suggestions ? `${id}-list` : undefined}
        />
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : props.submit}
        </button>
      </div>
      {props.suggestions ? (
        <datalist id={`${id}-list`}>
          {props.suggestions.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      ) : null}
      {props.hint ? (
        <p className="muted" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {problem ? (
        <p className="field-problem" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
