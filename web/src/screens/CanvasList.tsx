// The workspace's canvases: search, create, rename, archive, restore, delete — each a canvas tool.
// What a person typed stays in its field when a call fails.
import { useState, type FormEvent, type JSX } from 'react';
import {
  archiveCanvas,
  createCanvas,
  deleteCanvas,
  listCanvases,
  matches,
  renameCanvas,
  restoreCanvas,
} from '../app/canvases.ts';
import { useChanges } from '../console/shared/use-changes.ts';
import { useToolResource, type ToolAction } from '../console/shared/use-tool-resource.ts';
import { Announcement, ErrorNotice } from '../ui/Feedback.tsx';
import { NotLoaded } from '../ui/NotLoaded.tsx';
import { CanvasRow } from './CanvasRow.tsx';

export function CanvasList(): JSX.Element {
  const { resource, reload, retry } = useToolResource(async (tools) => {
    const { items, complete } = await listCanvases(tools);
    return { items: [...items].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)), complete };
  });
  const [query, setQuery] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const [newName, setNewName] = useState('');
  const [creating, setCreating] = useState(false);
  const changes = useChanges(reload);

  /** Runs one change, then shows the list as the server has it. Throws nothing: errors are shown. */
  const change = async (action: ToolAction<unknown>, done: string): Promise<boolean> =>
    (await changes.run(action, done)).ok;

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (!name) return;
    setCreating(true);
    if (await change((tools) => createCanvas(tools, name), `Created “${name}”.`)) setNewName('');
    setCreating(false);
  };

  if (resource.state !== 'ready') {
    return (
      <NotLoaded as="section" load={resource} what="canvases" onRetry={retry}>
        <h1>Canvases</h1>
      </NotLoaded>
    );
  }

  const load = resource.value;
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
      <ErrorNotice message={changes.error} onDismiss={changes.dismiss} />
      <Announcement text={changes.status} />
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
              onRename={(name) => change((tools) => renameCanvas(tools, canvas, name), `Renamed to “${name}”.`)}
              onArchive={() => change((tools) => archiveCanvas(tools, canvas), `Archived “${canvas.name}”.`)}
              onRestore={() => change((tools) => restoreCanvas(tools, canvas), `Restored “${canvas.name}”.`)}
              onDelete={() => change((tools) => deleteCanvas(tools, canvas), `Deleted “${canvas.name}”.`)}
            />
          ))}
        </ul>
      )}
      {load.complete ? null : <p className="muted">Only the first canvases are shown; search narrows them.</p>}
    </section>
  );
}
