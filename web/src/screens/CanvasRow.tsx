// One canvas in the list, with its actions. Rename edits in place (Enter saves, Escape cancels);
// delete asks first, in the row, so keyboard and screen-reader users get the same question.
import { useEffect, useRef, useState, type FormEvent, type JSX, type KeyboardEvent } from 'react';
import { canvasPath } from '../app/router.ts';
import type { CanvasSummary } from '../app/canvases.ts';
import { Link } from '../app/Link.tsx';

type Mode = { kind: 'view' } | { kind: 'rename'; name: string } | { kind: 'confirm-delete' };

export function CanvasRow(props: {
  canvas: CanvasSummary;
  onRename: (name: string) => Promise<boolean>;
  onArchive: () => Promise<boolean>;
  onRestore: () => Promise<boolean>;
  onDelete: () => Promise<boolean>;
}): JSX.Element {
  const { canvas } = props;
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const cancelDelete = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (mode.kind === 'rename') input.current?.select();
    if (mode.kind === 'confirm-delete') cancelDelete.current?.focus();
  }, [mode.kind]);

  const run = async (action: () => Promise<boolean>, after: Mode = { kind: 'view' }) => {
    setBusy(true);
    const ok = await action();
    setBusy(false);
    // On failure the row stays as it was (the typed name too); the list shows the error.
    if (ok) setMode(after);
    return ok;
  };

  const submitRename = async (event: FormEvent) => {
    event.preventDefault();
    if (mode.kind !== 'rename') return;
    const name = mode.name.trim();
    if (!name || name === canvas.name) return setMode({ kind: 'view' });
    if (await run(() => props.onRename(name))) renameButton.current?.focus();
  };
  const cancelRenameOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setMode({ kind: 'view' });
    queueMicrotask(() => renameButton.current?.focus());
  };

  return (
    <li className={canvas.archived ? 'canvas-row archived' : 'canvas-row'} data-canvas-id={canvas.id}>
      {mode.kind === 'rename' ? (
        <form className="rename" onSubmit={submitRename} onKeyDown={cancelRenameOnEscape}>
          <label className="sr-only" htmlFor={`rename-${canvas.id}`}>
            New name for {canvas.name}
          </label>
          <input
            id={`rename-${canvas.id}`}
            ref={input}
            value={mode.name}
            onChange={(event) => setMode({ kind: 'rename', name: event.target.value })}
            maxLength={200}
            required
          />
          <button type="submit" className="primary" disabled={busy}>
            Save
          </button>
          <button type="button" onClick={() => setMode({ kind: 'view' })}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="canvas-name">
          <Link to={canvasPath(canvas.id)} state={{ canvasName: canvas.name }}>
            {canvas.name}
          </Link>
          {canvas.archived ? <span className="badge">Archived</span> : null}
          <span className="muted">
            {canvas.id} · updated <time dateTime={canvas.updatedAt}>{new Date(canvas.updatedAt).toLocaleString()}</time>
          </span>
        </div>
      )}
      {mode.kind === 'confirm-delete' ? (
        <fieldset className="actions bare" aria-label={`Delete ${canvas.name}?`}>
          <span>Delete “{canvas.name}” for good?</span>
          <button type="button" className="danger" disabled={busy} onClick={() => void run(props.onDelete)}>
            Delete
          </button>
          <button type="button" ref={cancelDelete} onClick={() => setMode({ kind: 'view' })}>
            Keep it
          </button>
        </fieldset>
      ) : mode.kind === 'view' ? (
        <fieldset className="actions bare" aria-label={`Actions for ${canvas.name}`}>
          {canvas.archived ? null : (
            <button
              type="button"
              ref={renameButton}
              disabled={busy}
              onClick={() => setMode({ kind: 'rename', name: canvas.name })}
            >
              Rename
            </button>
          )}
          {canvas.archived ? (
            <button type="button" disabled={busy} onClick={() => void run(props.onRestore)}>
              Restore
            </button>
          ) : (
            <button type="button" disabled={busy} onClick={() => void run(props.onArchive)}>
              Archive
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => setMode({ kind: 'confirm-delete' })}>
            Delete
          </button>
        </fieldset>
      ) : null}
    </li>
  );
}
