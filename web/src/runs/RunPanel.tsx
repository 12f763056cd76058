// The run panel under the canvas: Run and its inputs, the run shown on the canvas, the history.
import type { JSX } from 'react';
import { useRun, useRunActions } from './run-context.ts';
import { RunDetails } from './RunDetails.tsx';
import { RunForm, type RunFormProps } from './RunForm.tsx';
import { RunHistory } from './RunHistory.tsx';

export function RunPanel(props: RunFormProps): JSX.Element {
  const actions = useRunActions();
  const error = useRun((state) => state.error);
  return (
    <section className="run-panel" aria-label="Runs">
      <div className="run-main">
        <h2>Run</h2>
        <RunForm
          nodes={props.nodes}
          typeLabels={props.typeLabels}
          disabled={props.disabled}
          beforeRun={props.beforeRun}
        />
        {error ? (
          <div className="canvas-notice notice-error" role="alert">
            <p>{error}</p>
            <button type="button" onClick={actions?.dismissError}>
              Dismiss
            </button>
          </div>
        ) : null}
        <RunDetails nodes={props.nodes} typeLabels={props.typeLabels} />
      </div>
      <RunHistory />
    </section>
  );
}
