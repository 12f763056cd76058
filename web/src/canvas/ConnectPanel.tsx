// Connections of the selected node, made and removed from the keyboard: the same typed-port rules as
// dragging a connection, with only the compatible targets offered.
import { useMemo, useState, type JSX } from 'react';
import { useEditor, useEditorActions } from './editor-context.ts';
import { connectionProblem, graphView } from './ports.ts';
import type { CanvasNode } from './types.ts';

export function ConnectPanel(props: { node: CanvasNode; disabled: boolean }): JSX.Element | null {
  const actions = useEditorActions();
  const index = useEditor((state) => state.index);
  const doc = useEditor((state) => state.session.doc);
  const [choice, setChoice] = useState('');
  const { node } = props;
  const info = index?.types.get(node.type);

  const candidates = useMemo(() => {
    if (!index || !info) return [];
    const graph = graphView(doc.nodes, doc.edges);
    const titles = new Map(doc.nodes.map((other) => [other.id, nodeTitle(other, index.types.get(other.type)?.label)]));
    const found: { value: string; label: string }[] = [];
    for (const output of info.outputs) {
      for (const target of doc.nodes) {
        for (const input of index.types.get(target.type)?.inputs ?? []) {
          const attempt = { source: node.id, sourceHandle: output.name, target: target.id, targetHandle: input.name };
          if (connectionProblem(index, graph, attempt) === null) {
            found.push({
              value: JSON.stringify(attempt),
              label: `${output.label} → ${titles.get(target.id)} · ${input.label}`,
            });
          }
        }
      }
    }
    return found;
  }, [index, info, doc, node.id]);

  const touching = doc.edges.filter((edge) => edge.source === node.id || edge.target === node.id);
  if (!info) return null;
  const title = (id: string) => {
    const other = doc.nodes.find((candidate) => candidate.id === id);
    return other ? nodeTitle(other, index?.types.get(other.type)?.label) : id;
  };
  return (
    <section className="inspector-connections" aria-labelledby="inspector-connections-title">
      <h3 id="inspector-connections-title">Connections</h3>
      {touching.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul>
          {touching.map((edge) => (
            <li key={edge.id}>
              {edge.source === node.id
                ? `${edge.sourceHandle} → ${title(edge.target)} · ${edge.targetHandle}`
                : `${title(edge.source)} · ${edge.sourceHandle} → ${edge.targetHandle}`}{' '}
              <button
                type="button"
                disabled={props.disabled}
                onClick={() => actions.deleteElements([], [edge.id])}
                aria-label={`Remove connection ${edge.source} ${edge.sourceHandle} to ${edge.target} ${edge.targetHandle}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {info.outputs.length > 0 ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!choice) return;
            if (actions.connect(JSON.parse(choice))) setChoice('');
          }}
        >
          <label htmlFor="inspector-connect-to">Connect an output to</label>
          <select
            id="inspector-connect-to"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            disabled={props.disabled || candidates.length === 0}
          >
            <option value="">{candidates.length === 0 ? '(no compatible input)' : 'Choose an input…'}</option>
            {candidates.map((candidate) => (
              <option key={candidate.value} value={candidate.value}>
                {candidate.label}
              </option>
            ))}
          </select>
          <button type="submit" disabled={props.disabled || !choice}>
            Connect
          </button>
        </form>
      ) : null}
    </section>
  );
}

export function nodeTitle(node: CanvasNode, typeLabel: string | undefined): string {
  const label =
    typeof node.data.label === 'string' && node.data.label !== '' ? node.data.label : (typeLabel ?? node.type);
  return `${label} (${node.id})`;
}
