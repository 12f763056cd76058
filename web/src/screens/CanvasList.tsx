// The workspace's canvases: search, create, rename, archive, restore, delete — each a canvas tool.
// What a person typed stays in its field when a call fails.
import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import {
  archiveCanvas,
  createCanvas,
  deleteCanvas,
  listCanvases,
  matches,
  renameCanvas,
  restoreCanvas,
  type CanvasSummary,
} from '../app/canvases.ts';
import { useStudio } from '../app/session-context.ts';
import { SignInError } from '../auth/session.ts';
import { Alert } from '../ui/Alert.tsx';
import { describeError } from '../ui/describe-error.ts';
import { CanvasRow } from './CanvasRow.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; items: CanvasSummary[]; complete: boolean };

export function CanvasList(): JSX.Element {
  const { tools, sessionEnded } = useStudio();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [query, setQuery] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const [newName, setNewName] = useState('');
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');

  const fail = useCallback(
    (caught: unknown) => {
      if (caught instanceof SignInError) sessionEnded(caught.message);
      else setError(describeError(caught));
    },
    [sessionEnded],
  );

  const reload = useCallback(async () => {
    try {
      const { items, complete } = await listCanvases(tools);
      setLoad({ state: 'ready', items: [...items].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)), complete });
    } catch (caught) {
      if (caught instanceof SignInError) sessionEnded(caught.message);
      else setLoad({ state: 'error', message: describeError(caught) });
    }
  }, [tools, sessionEnded]);

  useEffect(() => void reload(), [reload]);

  /** Runs one change, then shows the list as the server has it. Throws nothing: errors are shown. */
  const change = useCallback(
    async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
      setError(undefined);
      try {
        await action();
        setStatus(done);
        await reload();
        return true;
      } catch (caught) {
        fail(caught);
        return false;
      }
    },
    [reload, fail],
  );

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (!name) return;
    setCreating(true);
    if (await change(() => createCanvas(tools, name), `Created “${name}”.`)) setNewName('');
    setCreating(false);
  };

  if (load.state === 'loading') {
    return (
      <section data-state="loading" aria-busy="true">
        <h1>Canvases</h1>
        <p role="status">Loading canvases…</p>
      </section>
    );
  }
  if (load.state === 'error') {
    return (
      <section data-state="error">
        <h1>Canvases</h1>
        <Alert
          title="The canvases could not be loaded"
          action={
            <button
              type="button"
              onClick={() => {
                setLoad({ state: 'loading' });
                void reload();
              }}
            >
              Try again
            </button>
          }
        >
          {load.message}
        </Alert>
      </section>
    );
  }

  const archivedCount = load.items.filter((canvas) => canvas.archived).length;
  const visible = load.items.filter((canvas) => (showArchived || !canvas.archived) && matches(canvas, query));
  return (
    <section data-state="ready" data-screen="canvases" aria-labelledby="canvases-title">
      <div className="list-head">
        <h1 id="canvases-title">Canvases</h1>
        <form className="create" onSubmit={onCreate}>
          <label htmlFor="new-canvas-name">New canvas</label>
          <input
            id="new-canvas-name"
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            maxLength={200}
            placeholder="Name"
            required
          />
          <button type="submit" className="primary" disabled={creating}>
            {creating ? 'Creating…' : 'Create canvas'}
          </button>
        </form>
      </div>
      <div className="filters">
        <label htmlFor="canvas-search">Search</label>
        <input
          id="canvas-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Name or id"
        />
        <label className="check">
          <input type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          Show archived ({archivedCount})
        </label>
      </div>
      {error ? (
        <Alert
          title="That did not work"
          action={
            <button type="button" onClick={() => setError(undefined)}>
              Dismiss
            </button>
          }
        >
          {error}
        </Alert>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {visible.length === 0 ? (
        <p className="empty">
          {load.items.length === 0 ? 'No canvases yet. Create the first one above.' : 'No canvas matches.'}
        </p>
      ) : (
        <ul className="canvas-list" aria-label="Canvases">
          {visible.map((canvas) => (
            <CanvasRow
              key={canvas.id}
              canvas={canvas}
              onRename={(name) => change(() => renameCanvas(tools, canvas, name), `Renamed to “${name}”.`)}
              onArchive={() => change(() => archiveCanvas(tools, canvas), `Archived “${canvas.name}”.`)}
              onRestore={() => change(() => restoreCanvas(tools, canvas), `Restored “${canvas.name}”.`)}
              onDelete={() => change(() => deleteCanvas(tools, canvas), `Deleted “${canvas.name}”.`)}
            />
          ))}
        </ul>
      )}
      {load.complete ? null : <p className="muted">Only the first canvases are shown; search narrows them.</p>}
    </section>
  );
}
