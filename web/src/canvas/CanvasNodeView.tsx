// A canvas node on React Flow: its type, title, typed ports (handle ids are port names) and the
// warnings ports/validate reported for it. Memoised and registered once at module level.
import { memo, type JSX } from 'react';
import { Handle, NodeResizer, Position, useStore, type NodeProps, type ReactFlowState } from '@xyflow/react';
import { useEditor, useEditorActions } from './editor-context.ts';
import type { FlowNode } from './flow-mapping.ts';
import type { PortDefinition } from './types.ts';
import { NodeRunBadge } from '../runs/NodeRunBadge.tsx';
import { NodeCost } from '../runs/NodeCost.tsx';

const NO_PORTS: PortDefinition[] = [];

/**
 * React Flow passes a node's measured width and height (and its absolute position) as props too, and
 * measuring every node just after it first renders would render each node a second time (a 1,000-node
 * canvas: 2,000 renders on open). The node draws only from these props, so only they are compared.
 */
const sameNode = (before: NodeProps<FlowNode>, after: NodeProps<FlowNode>) =>
  before.id === after.id && before.data === after.data && before.selected === after.selected;

/** Below this zoom a node's words are unreadable: it is drawn as a box with its title and bare handles. */
export const LIGHT_ZOOM = 0.4;
const zoomedOut = (state: ReactFlowState) => state.transform[2] < LIGHT_ZOOM;

export const CanvasNodeView = memo(function CanvasNodeView({ id, data, selected }: NodeProps<FlowNode>): JSX.Element {
  const actions = useEditorActions();
  const info = useEditor((state) => state.index?.types.get(data.node.type));
  const warnings = useEditor((state) => state.warnings.get(id));
  const readOnly = useEditor((state) => state.session.readOnly);
  // A boolean: a node renders again only when the zoom crosses the threshold, not on every zoom step.
  const light = useStore(zoomedOut);
  const typeLabel = info?.label ?? data.node.type;
  const title =
    typeof data.node.data.label === 'string' && data.node.data.label !== '' ? data.node.data.label : typeLabel;
  const inputs = info?.inputs ?? NO_PORTS;
  const outputs = info?.outputs ?? NO_PORTS;
  if (light) {
    // The handles stay (edges are drawn from them), without their labels, ports list, run badge or cost.
    const lightClass = `canvas-node canvas-node-light category-${info?.category ?? 'unknown'}`;
    return (
      <div className={`${lightClass}${warnings ? ' has-warnings' : ''}`} data-node-type={data.node.type}>
        <div className="canvas-node-header">{title}</div>
        {inputs.map((port) => (
          <Handle
            key={port.name}
            type="target"
            position={Position.Left}
            id={port.name}
            className={`port-type-${port.type}`}
          />
        ))}
        {outputs.map((port) => (
          <Handle
            key={port.name}
            type="source"
            position={Position.Right}
            id={port.name}
            className={`port-type-${port.type}`}
          />
        ))}
      </div>
    );
  }
  return (
    <div
      className={`canvas-node category-${info?.category ?? 'unknown'}${warnings ? ' has-warnings' : ''}`}
      data-node-type={data.node.type}
    >
      <NodeResizer
        isVisible={selected && !readOnly}
        minWidth={160}
        minHeight={80}
        onResizeEnd={(_event, box) => actions.resize(id, box)}
      />
      <div className="canvas-node-header">
        <span className="canvas-node-type">{typeLabel}</span>
        {info && !info.available ? <span className="canvas-node-unavailable">cannot run yet</span> : null}
      </div>
      <div className="canvas-node-title">{title}</div>
      <div className="canvas-node-ports">
        <div className="canvas-node-inputs">
          {inputs.map((port) => (
            <div className="canvas-port canvas-port-in" key={port.name}>
              <Handle
                type="target"
                position={Position.Left}
                id={port.name}
                className={`port-type-${port.type}`}
                title={`${port.label} (${port.type} in)`}
              />
              <span>{port.label}</span> <span className="canvas-port-type">{port.type}</span>
            </div>
          ))}
        </div>
        <div className="canvas-node-outputs">
          {outputs.map((port) => (
            <div className="canvas-port canvas-port-out" key={port.name}>
              <span className="canvas-port-type">{port.type}</span> <span>{port.label}</span>
              <Handle
                type="source"
                position={Position.Right}
                id={port.name}
                className={`port-type-${port.type}`}
                title={`${port.label} (${port.type} out)`}
              />
            </div>
          ))}
        </div>
      </div>
      <NodeCost node={data.node} />
      <NodeRunBadge nodeId={id} />
      {warnings ? (
        <ul className="canvas-node-warnings" aria-label={`Warnings for ${title}`}>
          {warnings.map((warning) => (
            <li key={`${warning.code}:${warning.message}`} data-warning-code={warning.code}>
              <span aria-hidden="true">⚠ </span>
              {warning.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}, sameNode);

export const nodeTypes = { canvasNode: CanvasNodeView };
