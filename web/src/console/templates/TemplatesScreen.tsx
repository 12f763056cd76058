// Templates: the workspace's frozen canvases. Browse them, preview one (its nodes and connections, read
// from the snapshot, with a sketch of the layout), start a new canvas from one (and land in it), publish
// a canvas as a new template, delete one. Each is a template tool; what a person typed stays on error.
import './templates.css';
import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import { listCanvases, type CanvasSummary } from '../../app/canvases.ts';
import { canvasPath, navigate } from '../../app/router.ts';
import { Announcement, ErrorNotice } from '../../ui/Feedback.tsx';
import { NotLoaded } from '../../ui/NotLoaded.tsx';
import { useChanges } from '../shared/use-changes.ts';
import { useToolResource, type ToolAction } from '../shared/use-tool-resource.ts';
import { TemplatePreview } from './TemplatePreview.tsx';
import {
  deleteTemplate,
  listTemplates,
  publishTemplate,
  // The use_template operation, renamed here so that React's rules do not read it as a hook inside a callback.
  useTemplate as canvasFromTemplate,
  type Template,
} from './templates.ts';

export function TemplatesScreen(): JSX.Element {
  const { resource, reload, retry } = useToolResource(async (tools) => {
    const [templates, canvases] = await Promise.all([listTemplates(tools), listCanvases(tools)]);
    return {
      // The tool answers oldest first; the newest is what a person just published.
      templates: [...templates.items].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)),
      complete: templates.complete,
      canvases: [...canvases.items].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    };
  });
  const changes = useChanges(reload);

  /** Runs one change, then shows the list as the server has it. Throws nothing: errors are shown. */
  const change = async (action: ToolAction<unknown>, done: string): Promise<boolean> =>
    (await changes.run(action, done)).ok;

  const use = async (template: Template): Promise<boolean> => {
    const made = await changes.run(
      async (tools) => {
        const canvas = await canvasFromTemplate(tools, template.id);
        navigate(canvasPath(canvas.id), { state: { canvasName: canvas.name } });
      },
      undefined,
      { reload: false },
    );
    return made.ok;
  };

  if (resource.state !== 'ready') {
    return <NotLoaded screen="templates" load={resource} what="templates" onRetry={retry} />;
  }

  const load = resource.value;
  return (
    <div data-screen="templates" data-state="ready" className="templates">
      <p className="muted">
        A template is a canvas frozen when it was published: later edits of that canvas do not change it. A canvas
        started from a template is a copy you can edit freely.
      </p>
      <ErrorNotice message={changes.error} onDismiss={changes.dismiss} />
      <Announcement text={changes.status} />
      <PublishForm
        canvases={load.canvases}
        onPublish={(input) => {
          const canvas = load.canvases.find((candidate) => candidate.id === input.canvasId);
          return change(
            (tools) => publishTemplate(tools, input),
            `Published “${input.name?.trim() || canvas?.name || input.canvasId}” as a template.`,
          );
        }}
      />
      <h2 id="templates-list-title">Templates of this workspace</h2>
      {load.templates.length === 0 ? (
        <p className="empty">No templates yet. Publish a canvas above to make the first one.</p>
      ) : (
        <ul className="canvas-list template-list" aria-labelledby="templates-list-title">
          {load.templates.map((template) => (
            <TemplateRow
              key={template.id}
              template={template}
              onUse={() => use(template)}
              onDelete={() =>
                change((tools) => deleteTemplate(tools, template.id), `Deleted the template “${template.name}”.`)
              }
            />
          ))}
        </ul>
      )}
      {load.complete ? null : <p className="muted">Only the first 1,000 templates are shown.</p>}
    </div>
  );
}

function PublishForm(props: {
  canvases: CanvasSummary[];
  onPublish: (input: { canvasId: string; name?: string; description?: string }) => Promise<boolean>;
}): JSX.Element {
  const [canvasId, setCanvasId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = canvasId || props.canvases[0]?.id || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    const ok = await props.onPublish({ canvasId: chosen, name, description });
    setBusy(false);
    if (ok) {
      setName('');
      setDescription('');
    }
  };

  return (
    <form className="publish-template" onSubmit={submit} aria-labelledby="publish-title">
      <h2 id="publish-title">Publish a canvas as a template</h2>
      {props.canvases.length === 0 ? (
        <p className="muted">This workspace has no canvas to publish yet.</p>
      ) : (
        <div className="publish-fields">
          <label htmlFor="publish-canvas">Canvas</label>
          <select id="publish-canvas" value={chosen} onChange={(event) => setCanvasId(event.target.value)}>
            {props.canvases.map((canvas) => (
              <option key={canvas.id} value={canvas.id}>
                {canvas.name}
                {canvas.archived ? ' (archived)' : ''}
              </option>
            ))}
          </select>
          <label htmlFor="publish-name">Template name</label>
          <input
            id="publish-name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={200}
            placeholder="The canvas's name"
          />
          <label htmlFor="publish-description">Description</label>
          <textarea
            id="publish-description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={2000}
            rows={2}
            placeholder="What it is for (optional)"
          />
          <div>
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Publishing…' : 'Publish template'}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}

type Mode = 'view' | 'preview' | 'confirm-delete';

function TemplateRow(props: {
  template: Template;
  onUse: () => Promise<boolean>;
  onDelete: () => Promise<boolean>;
}): JSX.Element {
  const { template } = props;
  const [mode, setMode] = useState<Mode>('view');
  const [busy, setBusy] = useState(false);
  const previewId = useId();
  const cancelDelete = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (mode === 'confirm-delete') cancelDelete.current?.focus();
  }, [mode]);

  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    const ok = await action();
    // A successful use navigates away and a delete removes the row: only a failure stays here.
    if (!ok) setBusy(false);
  };

  return (
    <li className="canvas-row template-row" data-template-id={template.id}>
      <div className="canvas-name">
        <span className="template-name">{template.name}</span>
        {template.description ? <span>{template.description}</span> : null}
        <span className="muted">
          {plural(template.nodeCount, 'node')} · {plural(template.edgeCount, 'connection')} · revision{' '}
          {template.revision} · published{' '}
          <time dateTime={template.publishedAt}>{new Date(template.publishedAt).toLocaleString()}</time>
        </span>
      </div>
      {mode === 'confirm-delete' ? (
        <fieldset className="actions bare" aria-label={`Delete the template ${template.name}?`}>
          <span>Delete the template “{template.name}”? Canvases made from it stay.</span>
          <button type="button" className="danger" disabled={busy} onClick={() => void run(props.onDelete)}>
            Delete
          </button>
          <button
            type="button"
            ref={cancelDelete}
            onClick={() => {
              setMode('view');
              queueMicrotask(() => deleteButton.current?.focus());
            }}
          >
            Keep it
          </button>
        </fieldset>
      ) : (
        <fieldset className="actions bare" aria-label={`Actions for ${template.name}`}>
          <button
            type="button"
            aria-expanded={mode === 'preview'}
            aria-controls={previewId}
            onClick={() => setMode(mode === 'preview' ? 'view' : 'preview')}
          >
            Preview
          </button>
          <button type="button" className="primary" disabled={busy} onClick={() => void run(props.onUse)}>
            {busy ? 'Creating…' : 'Use template'}
          </button>
          <button type="button" ref={deleteButton} disabled={busy} onClick={() => setMode('confirm-delete')}>
            Delete
          </button>
        </fieldset>
      )}
      {mode === 'preview' ? (
        <div id={previewId} className="template-preview">
          <TemplatePreview template={template} />
        </div>
      ) : null}
    </li>
  );
}

const plural = (count: number, noun: string) => `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
