// Balance, held and available credits: what the workspace has, what running work has reserved, and
// what new work may use.
import type { JSX } from 'react';
import { formatCredits, formatTime } from './format.ts';
import type { Balance } from './types.ts';

export function BalancePanel(props: { balance: Balance; onRefresh: () => void; refreshing: boolean }): JSX.Element {
  const { balance } = props;
  return (
    <section className="usage-panel" aria-labelledby="usage-balance">
      <div className="usage-panel-head">
        <h2 id="usage-balance">Credits</h2>
        <button type="button" onClick={props.onRefresh} disabled={props.refreshing}>
          {props.refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <dl className="usage-balance" data-testid="balance">
        <div>
          <dt>Balance</dt>
          <dd data-testid="balance-total">{formatCredits(balance.balance)}</dd>
        </div>
        <div>
          <dt>Held by running work</dt>
          <dd data-testid="balance-held">{formatCredits(balance.held)}</dd>
        </div>
        <div>
          <dt>Available</dt>
          <dd data-testid="balance-available">{formatCredits(balance.available)}</dd>
        </div>
      </dl>
      <p className="muted">
        {balance.updatedAt
          ? `Credits, last changed ${formatTime(balance.updatedAt)}.`
          : 'This workspace has never had credits.'}
      </p>
    </section>
  );
}
