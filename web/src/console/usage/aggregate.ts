// Usage by day and by SKU/model, from ledger entries: what the chart draws and the table lists.
// A usage entry takes credits (−12); a refund of usage gives them back and carries the same pricing, so
// it counts as negative usage of its SKU on its day. Other entries (grants, purchases…) are not usage.
import { contains, daysOf, parseDay, type DayRange } from './range.ts';
import type { LedgerEntry } from './types.ts';

export interface UsageSeries {
  /** `sku` or `sku · model`: one line on the chart, one group in the table. */
  readonly key: string;
  readonly sku: string;
  readonly model: string | undefined;
  readonly unit: string;
  /** Credits used on each day of the range, aligned with `UsageAggregate.days`. */
  readonly perDay: number[];
  readonly credits: number;
  /** Measured quantity in `unit` (what FOCUS calls ConsumedQuantity). */
  readonly quantity: number;
  readonly count: number;
}

export interface UsageRow {
  readonly day: string;
  readonly key: string;
  readonly unit: string;
  readonly credits: number;
  readonly quantity: number;
  readonly count: number;
}

export interface UsageAggregate {
  readonly days: string[];
  readonly series: UsageSeries[];
  /** One row per day and SKU/model that had usage, days in order, then by key. */
  readonly rows: UsageRow[];
  readonly totalCredits: number;
}

export function isUsage(entry: LedgerEntry): boolean {
  return entry.pricing !== undefined && (entry.type === 'usage' || entry.type === 'refund');
}

export function usageKey(sku: string, model: string | undefined): string {
  return model ? `${sku} · ${model}` : sku;
}

export function aggregateUsage(entries: readonly LedgerEntry[], range: DayRange): UsageAggregate {
  const days = daysOf(range);
  const index = new Map(days.map((day, i) => [day, i]));
  const series = new Map<
    string,
    {
      sku: string;
      model: string | undefined;
      unit: string;
      perDay: number[];
      credits: number;
      quantity: number;
      count: number;
    }
  >();
  const rows = new Map<
    string,
    { day: string; key: string; unit: string; credits: number; quantity: number; count: number }
  >();
  for (const entry of entries) {
    if (!isUsage(entry) || !contains(range, entry.occurredAt)) continue;
    const pricing = entry.pricing!;
    const key = usageKey(pricing.sku, pricing.model);
    const day = entry.occurredAt.slice(0, 10);
    const used = -entry.credits;
    // A refund's pricing has its quantity negated already (functions/core/credits/ledger-entry.ts).
    const quantity = pricing.quantity;
    let line = series.get(key);
    if (!line) {
      line = {
        sku: pricing.sku,
        model: pricing.model,
        unit: pricing.unit,
        perDay: days.map(() => 0),
        credits: 0,
        quantity: 0,
        count: 0,
      };
      series.set(key, line);
    }
    line.perDay[index.get(day)!]! += used;
    line.credits += used;
    line.quantity += quantity;
    line.count += entry.type === 'usage' ? 1 : 0;
    const rowKey = `${day}\u0000${key}`;
    const row = rows.get(rowKey) ?? { day, key, unit: pricing.unit, credits: 0, quantity: 0, count: 0 };
    row.credits += used;
    row.quantity += quantity;
    row.count += entry.type === 'usage' ? 1 : 0;
    rows.set(rowKey, row);
  }
  const ordered = [...series]
    .map(([key, line]) => ({ key, ...line }))
    .sort((a, b) => b.credits - a.credits || a.key.localeCompare(b.key));
  return {
    days,
    series: ordered,
    rows: [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key)),
    totalCredits: ordered.reduce((sum, line) => sum + line.credits, 0),
  };
}

/**
 * uPlot's columnar data: x in seconds (midnight UTC of each day), then one column per series. The
 * chart reads the same numbers the table shows.
 */
export function chartColumns(aggregate: UsageAggregate): number[][] {
  return [aggregate.days.map((day) => parseDay(day)! / 1000), ...aggregate.series.map((line) => line.perDay)];
}

/** Usage entries of the range, newest first: what each generation cost. */
export function generations(entries: readonly LedgerEntry[], range: DayRange): LedgerEntry[] {
  return entries.filter(
    (entry) => entry.type === 'usage' && entry.pricing !== undefined && contains(range, entry.occurredAt),
  );
}
