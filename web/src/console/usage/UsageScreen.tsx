// Usage and billing: the credits (balance, held, available), usage over a range as a chart and tables,
// what each generation cost, the transactions, and the FOCUS export. Reads are tool calls
// (get_credit_balance, list_credit_transactions); the export is a file from the app host.
import { useCallback, useEffect, useMemo, useState, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { Alert } from '../../ui/Alert.tsx';
import { aggregateUsage, generations } from './aggregate.ts';
import { BalancePanel } from './BalancePanel.tsx';
import { FocusExportPanel } from './FocusExportPanel.tsx';
import { GenerationsPanel } from './GenerationsPanel.tsx';
import { entriesInRange, type RangeEntries } from './ledger-pages.ts';
import { lastDays, type DayRange } from './range.ts';
import { RangePicker } from './RangePicker.tsx';
import { UsagePanel } from './UsagePanel.tsx';
import { TransactionsPanel } from './TransactionsPanel.tsx';
import type { Balance } from './types.ts';
import { useFailure } from './use-failure.ts';
import '../shared/usage-table.css';
import './usage.css';

type Load<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T };

export function UsageScreen(): JSX.Element {
  const { tools } = useStudio();
  const failure = useFailure();
  const [range, setRange] = useState<DayRange>(() => lastDays(30, new Date()));
  const [balance, setBalance] = useState<Load<Balance>>({ state: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [usage, setUsage] = useState<Load<RangeEntries>>({ state: 'loading' });
  const [round, setRound] = useState(0);

  const loadBalance = useCallback(async () => {
    try {
      setBalance({ state: 'ready', value: await tools.call('get_credit_balance', {}) });
    } catch (caught) {
      setBalance({ state: 'error', message: failure(caught) });
    }
  }, [tools, failure]);

  useEffect(() => void loadBalance(), [loadBalance]);

  // A new `round` (refreshing) loads the same range again.
  useEffect(() => {
    let current = true;
    setUsage({ state: 'loading' });
    entriesInRange(
      (cursor, limit) => tools.call('list_credit_transactions', { limit, ...(cursor ? { cursor } : {}) }),
      range,
    ).then(
      (value) => current && setUsage({ state: 'ready', value }),
      (caught: unknown) => current && setUsage({ state: 'error', message: failure(caught) }),
    );
    return () => {
      current = false;
    };
  }, [tools, failure, range, round]);

  const aggregate = useMemo(
    () => (usage.state === 'ready' ? aggregateUsage(usage.value.entries, range) : undefined),
    [usage, range],
  );
  const charged = useMemo(
    () => (usage.state === 'ready' ? generations(usage.value.entries, range) : []),
    [usage, range],
  );

  const refresh = async () => {
    setRefreshing(true);
    setRound((value) => value + 1);
    await loadBalance();
    setRefreshing(false);
  };

  if (balance.state === 'loading') {
    return (
      <div data-screen="usage" data-state="loading" aria-busy="true">
        <p role="status">Loading credits…</p>
      </div>
    );
  }
  if (balance.state === 'error') {
    return (
      <div data-screen="usage" data-state="error">
        <Alert
          title="Credits could not be loaded"
          action={
            <button type="button" onClick={() => void loadBalance()}>
              Try again
            </button>
          }
        >
          {balance.message}
        </Alert>
      </div>
    );
  }
  return (
    <div className="usage" data-screen="usage" data-state={usage.state === 'loading' ? 'loading' : 'ready'}>
      <BalancePanel balance={balance.value} onRefresh={() => void refresh()} refreshing={refreshing} />
      <RangePicker range={range} onChange={setRange} />
      {usage.state === 'error' ? (
        <Alert title="Usage could not be loaded">{usage.message}</Alert>
      ) : usage.state === 'loading' || !aggregate ? (
        <p role="status">Loading usage…</p>
      ) : (
        <>
          <UsagePanel range={range} aggregate={aggregate} complete={usage.value.complete} />
          <GenerationsPanel entries={charged} />
        </>
      )}
      <TransactionsPanel key={round} />
      <FocusExportPanel workspaceId={balance.value.workspaceId} range={range} />
    </div>
  );
}
