// Rename the workspace. The typed name stays in the field when the call fails.
import { useId, useState, type FormEvent, type JSX } from 'react';

export function RenameForm(props: { name: string; onRename: (name: string) => Promise<boolean> }): JSX.Element {
  const id = useId();
  const [name, setName] = useState(props.name);
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || trimmed === props.name) return;
    setBusy(true);
    await props.onRename(trimmed);
    setBusy(false);
  };

  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Name</h2>
      <div className="admin-inline">
        <label className="sr-only" htmlFor={`${id}-name`}>
          Workspace name
        </label>
        <input
          id={`${id}-name`}
          className="admin-wide"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={200}
          required
        />
        <button type="submit" className="primary" disabled={busy || !trimmed || trimmed === props.name}>
          {busy ? 'Renaming…' : 'Rename workspace'}
        </button>
      </div>
      <p className="muted">Its id, keys, members and canvases stay as they are.</p>
    </form>
  );
}
