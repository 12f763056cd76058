// Templates: the preview of one template — its nodes and connections in words, read from its frozen
// snapshot, with a decorative sketch of where they sit. Loads the snapshot when opened; "Try again" reloads.
import type { JSX } from 'react';
import { RetryAlert } from '../../ui/NotLoaded.tsx';
import { useToolResource } from '../shared/use-tool-resource.ts';
import { describeSnapshot, getTemplateSnapshot, sketchSnapshot, type Template } from './templates.ts';

export function TemplatePreview(props: { template: Template }): JSX.Element {
  const templateId = props.template.id;
  const { resource: snapshot, retry } = useToolResource((tools) => getTemplateSnapshot(tools, templateId), {
    key: templateId,
  });

  if (snapshot.state === 'loading') return <p role="status">Loading the preview…</p>;
  if (snapshot.state === 'error') {
    return (
      <RetryAlert title="The preview could not be loaded" onRetry={retry}>
        {snapshot.message}
      </RetryAlert>
    );
  }
  const { nodes, connections } = describeSnapshot(snapshot.value);
  const sketch = sketchSnapshot(snapshot.value);
  return (
    <div className="template-preview-body" data-preview-state="ready">
      {sketch.boxes.length > 0 ? (
        // Decorative: the lists below say the same in words.
        <svg
          className="template-sketch"
          viewBox={`0 0 ${sketch.width} ${sketch.height}`}
          width={sketch.width}
          height={sketch.height}
          aria-hidden="true"
          focusable="false"
        >
          {sketch.lines.map((line) => (
            <line key={line.id} x1={line.x1} y1={line.y1} x2={line.x2} y2={line.y2} />
          ))}
          {sketch.boxes.map((box) => (
            <rect
              key={box.id}
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              rx={Math.min(4, box.width / 8)}
            />
          ))}
        </svg>
      ) : null}
      <div>
        <h3>Nodes</h3>
        {nodes.length === 0 ? (
          <p className="muted">No nodes.</p>
        ) : (
          <ul className="template-nodes" aria-label={`Nodes of ${props.template.name}`}>
            {nodes.map((node) => (
              <li key={node.id}>
                {node.title}
                {node.title !== node.type ? <span className="muted"> · {node.type}</span> : null}
              </li>
            ))}
          </ul>
        )}
        <h3>Connections</h3>
        {connections.length === 0 ? (
          <p className="muted">No connections.</p>
        ) : (
          <ul className="template-connections" aria-label={`Connections of ${props.template.name}`}>
            {connections.map((connection) => (
              <li key={connection.id}>{connection.text}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
