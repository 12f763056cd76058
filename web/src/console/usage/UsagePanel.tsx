// Usage over the chosen range: the chart (uPlot, downloaded when this panel first shows usage) and the
// same numbers as tables — per SKU/model over the range, and per day.
import { lazy, Suspense, type JSX } from 'react';
import { DataTable } from '../../ui/DataTable.tsx';
import type { UsageAggregate } from './aggregate.ts';
import { formatCredits, formatQuantity } from './format.ts';
import { lastDayOf, type DayRange } from './range.ts';

const UsageChart = lazy(() => import('./UsageChart.tsx').then((module) => ({ default: module.UsageChart })));

export function UsagePanel(props: { range: DayRange; aggregate: UsageAggregate; complete: boolean }): JSX.Element {
  const { aggregate, range } = props;
  const span = `${range.from} to ${lastDayOf(range)}`;
  return (
    <section className="usage-panel" aria-labelledby="usage-chart-title">
      <h2 id="usage-chart-title">Usage by day</h2>
      <p className="muted">
        {formatCredits(aggregate.totalCredits)} credits used from {span}.
        {props.complete
          ? ''
          : ' Only the newest part of this range was read (it has very many transactions): choose a shorter range to see all of it.'}
      </p>
      {aggregate.series.length === 0 ? (
        <p className="empty">No usage in this range.</p>
      ) : (
        <>
          <Suspense fallback={<p role="status">Loading the chart…</p>}>
            <UsageChart aggregate={aggregate} />
          </Suspense>
          <h3>By SKU and model</h3>
          <DataTable
            caption={`Usage by SKU and model, ${span}`}
            columns={['SKU · model', 'Generations', 'Quantity', 'Credits']}
            numeric={['Credits']}
            testId="usage-by-sku"
          >
            {aggregate.series.map((line) => (
              <tr key={line.key}>
                <th scope="row">{line.key}</th>
                <td>{line.count}</td>
                <td>{formatQuantity(line.quantity, line.unit)}</td>
                <td className="number">{formatCredits(line.credits)}</td>
              </tr>
            ))}
          </DataTable>
          <h3>Per day</h3>
          <DataTable
            caption={`Usage per day by SKU and model, ${span}`}
            columns={['Day (UTC)', 'SKU · model', 'Quantity', 'Credits']}
            numeric={['Credits']}
            testId="usage-by-day"
          >
            {aggregate.rows.map((row) => (
              <tr key={`${row.day} ${row.key}`}>
                <td>{row.day}</td>
                <td>{row.key}</td>
                <td>{formatQuantity(row.quantity, row.unit)}</td>
                <td className="number">{formatCredits(row.credits)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
