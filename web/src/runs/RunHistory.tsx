// The canvas's runs, newest first; picking one shows its node states and outputs on the canvas.
import { useEffect, type JSX } from 'react';
import { useRun, useRunActions } from './run-context.ts';
import { executionStatusView } from './status.ts';

export function RunHistory(): JSX.Element {
  const actions = useRunActions();
  const history = useRun((state) => state.history);
  const currentId = useRun((state) => state.current?.executionId);
  useEffect(() => {
    void actions?.refreshHistory();
    void actions?.loadLastCharges();
  }, [actions]);
  return (
    <section className="run-history" aria-label="Run history">
      <h3>History</h3>
      {history === null ? <p>Loading runs…</p> : history.length === 0 ? <p>No runs yet.</p> : null}
      <ul>
        {(history ?? []).map((run) => {
          const view = executionStatusView(run.status);
          return (
            <li key={run.executionId} data-execution-id={run.executionId}>
              <button
                type="button"
                aria-current={run.executionId === currentId ? 'true' : undefined}
                onClick={() => void actions?.select(run.executionId)}
              >
                <span className={`run-badge tone-${view.tone}`}>{view.label}</span>{' '}
                <time dateTime={run.createdAt}>{run.createdAt.slice(0, 19).replace('T', ' ')}</time>
                {run.trigger.kind !== 'api' ? ` · ${run.trigger.kind}` : ''}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
