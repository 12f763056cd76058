// The run shown on the canvas: its status in words, cancel / run again / resume from the failed node,
// the nodes a branch skipped, what each node produced, and its timeline.
import type { JSX } from 'react';
import type { CanvasNode } from '../canvas/types.ts';
import { OutputValue } from './OutputValue.tsx';
import { useRun, useRunActions } from './run-context.ts';
import { titleOf } from './RunForm.tsx';
import { executionStatusView, failedNodeId, isTerminal } from './status.ts';

export function RunDetails(props: {
  nodes: readonly CanvasNode[];
  typeLabels?: ReadonlyMap<string, string>;
}): JSX.Element | null {
  const actions = useRunActions();
  const current = useRun((state) => state.current);
  const timeline = useRun((state) => state.timeline);
  const busy = useRun((state) => state.busy);
  if (!current || !actions) return null;
  const view = executionStatusView(current.status);
  const failedAt = current.status === 'failed' ? failedNodeId(current.nodes) : undefined;
  const byId = new Map(props.nodes.map((node) => [node.id, node]));
  const nameOf = (nodeId: string) => {
    const node = byId.get(nodeId);
    return node ? titleOf(node, props.typeLabels?.get(node.type)) : nodeId;
  };
  // Branches not taken, named in words here too: on a large canvas their nodes may be out of view.
  const skipped = Object.entries(current.nodes ?? {})
    .filter(([, state]) => state?.status === 'skipped')
    .map(([nodeId]) => nameOf(nodeId));
  const produced = Object.entries(current.outputs ?? {}).filter(([, ports]) => ports && Object.keys(ports).length > 0);
  return (
    <section
      className="run-details"
      aria-label="Run"
      data-execution-id={current.executionId}
      data-run-status={current.status}
    >
      <h3>
        Run <code>{current.executionId}</code>: <span className={`run-badge tone-${view.tone}`}>{view.label}</span>
      </h3>
      {current.error?.message ? (
        <p className="node-run-error" role="alert">
          {current.error.message}
        </p>
      ) : null}
      <div className="run-actions">
        <button
          type="button"
          onClick={() => void actions.cancel()}
          disabled={isTerminal(current.status) || busy !== null}
        >
          Cancel run
        </button>
        <button
          type="button"
          onClick={() => void actions.replay()}
          disabled={!isTerminal(current.status) || busy !== null}
        >
          Run again
        </button>
        <button type="button" onClick={() => void actions.redrive()} disabled={!failedAt || busy !== null}>
          {failedAt ? `Resume from ${nameOf(failedAt)}` : 'Resume from the failed node'}
        </button>
      </div>
      {skipped.length > 0 ? (
        <p className="run-skipped">
          <span className="run-badge tone-skip">Skipped (branch not taken)</span> {skipped.join(', ')}
        </p>
      ) : null}
      {produced.length > 0 ? (
        <div className="run-outputs">
          <h4>Outputs</h4>
          {produced.map(([nodeId, ports]) => (
            <div key={nodeId} className="run-output" data-node-id={nodeId}>
              {Object.entries(ports).map(([port, value]) => (
                <div key={port}>
                  <p className="run-output-label">
                    {nameOf(nodeId)} · {port}
                  </p>
                  <OutputValue value={value} label={`${nameOf(nodeId)} ${port}`} />
                </div>
              ))}
            </div>
          ))}
        </div>
      ) : null}
      <details className="run-timeline">
        <summary>Timeline ({timeline.length} events)</summary>
        <ol>
          {timeline.map((event, index) => (
            // The timeline is an append-only log read whole: events carry no id and two can share a millisecond,
            // so an event's position in it is what tells it apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the event's identity (see above)
            <li key={`${event.at}:${index}`}>
              <time dateTime={event.at}>{event.at.slice(11, 23)}</time> {event.type}
              {event.nodeId ? ` · ${nameOf(event.nodeId)}` : ''}
              {event.message ? ` — ${event.message}` : ''}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
