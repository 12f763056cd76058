// Every credit transaction, newest first, a page at a time (the tool's cursor), filtered by kind and
// dates. The tool has no filters, so a filtered page may read several of its pages (ledger-pages.ts).
import { useState, type FormEvent, type JSX } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { useToolAction, useToolResource } from '../shared/use-tool-resource.ts';
import { formatChange, formatQuantity, formatTime } from './format.ts';
import { ledgerPages, nextFilteredPage, type EntryFilter } from './ledger-pages.ts';
import { rangeFromInputs } from './range.ts';
import { ENTRY_KINDS, type EntryKind, type LedgerEntry } from './types.ts';

const PAGE = 25;

function details(entry: LedgerEntry): string {
  if (entry.pricing) {
    const { sku, model, quantity, unit } = entry.pricing;
    return `${sku}${model ? ` · ${model}` : ''}, ${formatQuantity(quantity, unit)}`;
  }
  if (entry.payment) return `${entry.payment.amount} ${entry.payment.currency}`;
  return '';
}

export function TransactionsPanel(): JSX.Element {
  const [kind, setKind] = useState<EntryKind | ''>('');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [filter, setFilter] = useState<EntryFilter>({ kinds: [] });
  const [formError, setFormError] = useState<string | undefined>();
  const {
    resource: list,
    change,
    fail,
  } = useToolResource(
    async (tools) => ({ ...(await nextFilteredPage(ledgerPages(tools), filter, undefined, PAGE)), more: false }),
    { key: filter },
  );
  const act = useToolAction();

  const loadOlder = async () => {
    if (list.state !== 'ready' || !list.value.nextCursor) return;
    const { nextCursor } = list.value;
    change((loaded) => ({ ...loaded, more: true }));
    const page = await act((tools) => nextFilteredPage(ledgerPages(tools), filter, nextCursor, PAGE));
    if (!page.ok) return fail(page.message);
    change((loaded) => ({
      ...loaded,
      items: [...loaded.items, ...page.value.items],
      nextCursor: page.value.nextCursor,
      more: false,
    }));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const kinds = kind ? [kind] : [];
    if (!first && !last) {
      setFormError(undefined);
      return setFilter({ kinds });
    }
    const range = rangeFromInputs(first, last);
    if ('error' in range) return setFormError(range.error);
    setFormError(undefined);
    setFilter({ kinds, range });
  };

  return (
    <section
      className="usage-panel"
      aria-labelledby="usage-transactions"
      data-testid="transactions"
      data-state={list.state}
    >
      <h2 id="usage-transactions">Transactions</h2>
      <form className="usage-range" onSubmit={apply} aria-label="Filter transactions">
        <label>
          Kind
          <select value={kind} onChange={(event) => setKind(event.target.value as EntryKind | '')}>
            <option value="">All kinds</option>
            {ENTRY_KINDS.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={first} onChange={(event) => setFirst(event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={last} onChange={(event) => setLast(event.target.value)} />
        </label>
        <button type="submit">Filter</button>
        {formError ? (
          <p className="usage-error" role="alert">
            {formError}
          </p>
        ) : null}
      </form>
      {list.state === 'loading' ? (
        <p role="status">Loading transactions…</p>
      ) : list.state === 'error' ? (
        <Alert title="Transactions could not be loaded">{list.message}</Alert>
      ) : list.value.items.length === 0 ? (
        <p className="empty">
          {filter.kinds.length || filter.range ? 'No transactions match these filters.' : 'No transactions yet.'}
        </p>
      ) : (
        <DataTable
          caption="Credit transactions, newest first"
          columns={['When', 'Kind', 'Description', 'Details', 'Credits']}
          numeric={['Credits']}
        >
          {list.value.items.map((entry) => (
            <tr key={entry.id} data-kind={entry.type}>
              <td>{formatTime(entry.occurredAt)}</td>
              <td>{entry.type}</td>
              <td>{entry.description ?? '—'}</td>
              <td>{details(entry)}</td>
              <td className={`number ${entry.credits < 0 ? 'debit' : 'credit'}`}>{formatChange(entry.credits)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {list.state === 'ready' && list.value.nextCursor ? (
        <button type="button" onClick={() => void loadOlder()} disabled={list.value.more}>
          {list.value.more ? 'Loading…' : 'Older transactions'}
        </button>
      ) : null}
    </section>
  );
}
