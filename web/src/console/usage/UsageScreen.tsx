// Usage and billing: the credits (balance, held, available), usage over a range as a chart and tables,
// what each generation cost, the transactions, and the FOCUS export. Reads are tool calls
// (get_credit_balance, list_credit_transactions); the export is a file from the app host.
import { useMemo, useState, type JSX } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { NotLoaded } from '../../ui/NotLoaded.tsx';
import { useToolResource } from '../shared/use-tool-resource.ts';
import { aggregateUsage, generations } from './aggregate.ts';
import { BalancePanel } from './BalancePanel.tsx';
import { FocusExportPanel } from './FocusExportPanel.tsx';
import { GenerationsPanel } from './GenerationsPanel.tsx';
import { entriesInRange, ledgerPages } from './ledger-pages.ts';
import { lastDays, type DayRange } from './range.ts';
import { RangePicker } from './RangePicker.tsx';
import { UsagePanel } from './UsagePanel.tsx';
import { TransactionsPanel } from './TransactionsPanel.tsx';
import '../shared/usage-table.css';
import './usage.css';

export function UsageScreen(): JSX.Element {
  const [range, setRange] = useState<DayRange>(() => lastDays(30, new Date()));
  const [refreshing, setRefreshing] = useState(false);
  // A new `round` (refreshing) loads the same range again.
  const [round, setRound] = useState(0);
  const balance = useToolResource((tools) => tools.call('get_credit_balance', {}));
  const usageKey = useMemo(() => ({ range, round }), [range, round]);
  const { resource: usage } = useToolResource((tools) => entriesInRange(ledgerPages(tools), range), { key: usageKey });

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
    await balance.reload();
    setRefreshing(false);
  };

  if (balance.resource.state !== 'ready') {
    return (
      <NotLoaded
        screen="usage"
        load={balance.resource}
        what="credits"
        failed="Credits could not be loaded"
        onRetry={() => void balance.reload()}
      />
    );
  }
  const credits = balance.resource.value;
  return (
    <div className="usage" data-screen="usage" data-state={usage.state === 'loading' ? 'loading' : 'ready'}>
      <BalancePanel balance={credits} onRefresh={() => void refresh()} refreshing={refreshing} />
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
      <FocusExportPanel workspaceId={credits.workspaceId} range={range} />
    </div>
  );
}
