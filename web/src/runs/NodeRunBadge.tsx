// A node's state in the run shown on the canvas: a badge with words (not colour alone), the error of
// a failed node, a preview of what it produced, and for a generation node what it was charged.
import type { JSX } from 'react';
import { outputKind } from './output-kind.ts';
import { useRun } from './run-context.ts';
import { nodeErrorText, nodeStatusView } from './status.ts';

export function NodeRunBadge(props: { nodeId: string }): JSX.Element | null {
  const state = useRun((run) => run.current?.nodes[props.nodeId]);
  const outputs = useRun((run) => run.current?.outputs[props.nodeId]);
  const charged = useRun((run) => run.charges[props.nodeId]);
  if (!state) return null;
  const view = nodeStatusView(state);
  const error = state.status === 'failed' ? nodeErrorText(state) : undefined;
  const preview = state.status === 'succeeded' ? previewOf(outputs) : undefined;
  return (
    <div className="node-run" data-run-status={state.status}>
      <span className={`run-badge tone-${view.tone}`}>{view.label}</span>
      {charged !== undefined ? <span className="node-run-charge"> · charged {charged} credits</span> : null}
      {error ? <p className="node-run-error">{error}</p> : null}
      {preview ? (
        <p className="node-run-output" data-testid="node-output">
          {preview}
        </p>
      ) : null}
    </div>
  );
}

/** The first value, as one line: text itself, media by its kind (the players are in the run panel). */
function previewOf(outputs: Record<string, unknown> | undefined): string | undefined {
  const first = outputs ? Object.values(outputs)[0] : undefined;
  const value = Array.isArray(first) && first.length === 1 ? first[0] : first;
  const shown = outputKind(value);
  if (shown.kind === 'text') return shown.text.length > 160 ? `${shown.text.slice(0, 160)}…` : shown.text;
  if (shown.kind === 'asset' || shown.kind === 'url') return `${shown.media} ready (see the run panel)`;
  if (shown.kind === 'json') return JSON.stringify(shown.value).slice(0, 160);
  return undefined;
}
