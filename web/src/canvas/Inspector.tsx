// The selected node's settings, as a form generated from its type's data schema, its document (text
// nodes), its connections and a delete button.
import { useEffect, useMemo, useState, type JSX } from 'react';
import { ConnectPanel } from './ConnectPanel.tsx';
import { PublishPanel } from './PublishPanel.tsx';
import { useEditor, useEditorActions } from './editor-context.ts';
import { FieldControl } from './FieldControl.tsx';
import { formFields } from './schema-form.ts';
import type { CanvasNode } from './types.ts';
import { useRunContext } from '../runs/run-context.ts';
import { WebhookUrls } from '../runs/WebhookUrls.tsx';

export function Inspector(): JSX.Element {
  const selected = useEditor((state) => state.selectedNodeIds);
  const nodeId = selected.length === 1 ? selected[0]! : null;
  const node = useEditor((state) =>
    nodeId ? state.session.doc.nodes.find((candidate) => candidate.id === nodeId) : undefined,
  );
  return (
    <aside className="canvas-inspector" aria-label="Node inspector">
      {node ? (
        <NodeForm key={node.id} node={node} />
      ) : (
        <p>{selected.length > 1 ? `${selected.length} nodes selected.` : 'Select a node to edit its settings.'}</p>
      )}
    </aside>
  );
}

function NodeForm({ node }: { node: CanvasNode }): JSX.Element {
  const actions = useEditorActions();
  const info = useEditor((state) => state.index?.types.get(node.type));
  const readOnly = useEditor((state) => state.session.readOnly);
  const warnings = useEditor((state) => state.warnings.get(node.id));
  const fields = useMemo(() => formFields(info?.dataSchema, node.type), [info, node.type]);
  return (
    <div>
      <h2>{info?.label ?? node.type}</h2>
      <p className="inspector-id">Id {node.id}</p>
      {info ? <p className="inspector-about">{info.description}</p> : null}
      {warnings ? (
        <ul className="inspector-warnings" aria-label="Warnings">
          {warnings.map((warning) => (
            <li key={`${warning.code}:${warning.message}`}>{warning.message}</li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={(event) => event.preventDefault()} aria-label="Settings">
        {fields.map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            value={node.data[field.name]}
            disabled={readOnly}
            onCommit={(value) => actions.updateField(node.id, field.name, value)}
          />
        ))}
      </form>
      {node.type === 'text' || node.document ? <DocumentEditor node={node} disabled={readOnly} /> : null}
      <ConnectPanel node={node} disabled={readOnly} />
      {node.type === 'webhook-trigger' ? <WebhookPanel nodeId={node.id} /> : null}
      {node.type === 'prompt' || node.type === 'webhook-trigger' ? (
        <PublishPanel node={node} disabled={readOnly} />
      ) : null}
      <button
        type="button"
        className="inspector-delete"
        disabled={readOnly}
        onClick={() => actions.deleteElements([node.id], [])}
      >
        Delete node
      </button>
    </div>
  );
}

function DocumentEditor({ node, disabled }: { node: CanvasNode; disabled: boolean }): JSX.Element {
  const actions = useEditorActions();
  const saved = node.document?.content ?? '';
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  return (
    <div className="inspector-field field-document">
      <label htmlFor={`document-${node.id}`}>Document ({node.document?.format ?? 'markdown'})</label>
      <textarea
        id={`document-${node.id}`}
        rows={10}
        maxLength={200_000}
        disabled={disabled}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => actions.writeDocument(node.id, draft)}
      />
    </div>
  );
}

function WebhookPanel({ nodeId }: { nodeId: string }): JSX.Element | null {
  const run = useRunContext();
  if (!run) return null;
  return <WebhookUrls canvasId={run.canvasId} nodeId={nodeId} tools={run.tools} beforeShow={run.saveNow} />;
}
