// What each generation cost: the usage entries of the range with what they were for (the run and node,
// or the canvas, when the charge names them) and how the price was made.
import type { JSX } from 'react';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatCredits, formatQuantity, formatTime } from './format.ts';
import type { LedgerEntry } from './types.ts';

/** Where a charge came from, in words: a run's node, else the canvas, else the provider's job. */
function origin(entry: LedgerEntry): string {
  const resource = entry.resource ?? {};
  if (resource.nodeId) return `node ${resource.nodeId}${resource.executionId ? ` of run ${resource.executionId}` : ''}`;
  if (resource.executionId) return `run ${resource.executionId}`;
  if (resource.canvasId) return `canvas ${resource.canvasId}`;
  return resource.provider
    ? `${resource.provider}${resource.providerJobId ? ` job ${resource.providerJobId}` : ''}`
    : '—';
}

export function GenerationsPanel(props: { entries: LedgerEntry[] }): JSX.Element {
  return (
    <section className="usage-panel" aria-labelledby="usage-generations">
      <h2 id="usage-generations">What each generation cost</h2>
      {props.entries.length === 0 ? (
        <p className="empty">No generations in this range.</p>
      ) : (
        <DataTable
          caption="Generations in the range and their cost, newest first"
          columns={['When', 'What', 'For', 'Charged', 'Credits']}
          numeric={['Credits']}
          testId="generations"
        >
          {props.entries.map((entry) => {
            const pricing = entry.pricing!;
            return (
              <tr key={entry.id}>
                <td>{formatTime(entry.occurredAt)}</td>
                <td>
                  {pricing.sku}
                  {pricing.model ? <span className="muted"> · {pricing.model}</span> : null}
                  {entry.description ? <div className="muted">{entry.description}</div> : null}
                </td>
                <td className="usage-ids">{origin(entry)}</td>
                <td>
                  {formatQuantity(pricing.pricingQuantity, pricing.unit)} × {formatCredits(pricing.unitPrice)}
                  <div className="muted">measured {formatQuantity(pricing.quantity, pricing.unit)}</div>
                </td>
                <td className="number">{formatCredits(-entry.credits)}</td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}
