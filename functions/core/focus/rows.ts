// core: ledger entries → FOCUS 1.3 Cost and Usage rows (the mapping of focus-1.3.md §7), streamed.
//
//   entries (oldest first) ─► usage?  ─ yes ─► add to its group: (hour, SKU, price, model, unit, resource, run)
//                              │                    hour changes ─► one Usage row per group, groups dropped
//                              └ no ──► one row now: purchase → Purchase · grant → Credit
//                                       refund → Purchase/Usage, negative · adjustment, expiry → Adjustment
//
// Memory: one hour's usage groups at a time, whatever the range. Costs are exact decimals (decimal.ts).
// Money: usage is prepaid, so a Usage row bills nothing (BilledCost 0) and its EffectiveCost is the
// credits burned at the list price of a credit; a Purchase bills what was paid and has EffectiveCost 0.
import type { LedgerEntry, UsagePricing, UsageResource } from '../credits/ledger-entry.ts';
import { entryRow, type UsageGroup, usageRow } from './charge-rows.ts';
import type { FocusRow } from './columns.ts';
import { type FocusExportScope, HOUR_MS, RowBase } from './row-base.ts';

export { DEFAULT_FOCUS_IDENTITY, type FocusExportScope, type FocusIdentity } from './row-base.ts';

// A run's usage groups apart from other runs' on the same node, so each row names its execution.
const groupKey = (pricing: UsagePricing, resource: UsageResource) =>
  [
    pricing.sku,
    pricing.skuPriceId,
    pricing.model ?? '',
    pricing.unit,
    pricing.unitPrice,
    resource.canvasId ?? '',
    resource.nodeId ?? '',
    resource.executionId ?? '',
  ].join('\u0000');

/**
 * The FOCUS rows of `entries` (oldest first, all inside `scope.range`): hourly usage aggregates and one
 * row per other entry. Streams: holds one hour's usage groups, whatever the number of entries.
 */
export async function* focusRows(
  entries: AsyncIterable<LedgerEntry>,
  scope: FocusExportScope,
): AsyncGenerator<FocusRow> {
  const base = new RowBase(scope);
  let currentHour = Number.NaN;
  let groups = new Map<string, UsageGroup>();
  for await (const entry of entries) {
    const ms = Date.parse(entry.occurredAt);
    const hourMs = ms - (((ms % HOUR_MS) + HOUR_MS) % HOUR_MS);
    if (hourMs !== currentHour) {
      for (const group of groups.values()) yield usageRow(base, currentHour, group);
      groups = new Map();
      currentHour = hourMs;
    }
    if (entry.type !== 'usage') {
      yield entryRow(base, entry, hourMs);
      continue;
    }
    const resource = entry.resource ?? {};
    const key = groupKey(entry.pricing, resource);
    const group = groups.get(key);
    if (group) {
      group.pricingQuantity += entry.pricing.pricingQuantity;
      group.quantity += entry.pricing.quantity;
      group.credits += entry.credits;
      group.count++;
    } else {
      groups.set(key, {
        pricing: entry.pricing,
        resource,
        pricingQuantity: entry.pricing.pricingQuantity,
        quantity: entry.pricing.quantity,
        credits: entry.credits,
        count: 1,
      });
    }
  }
  for (const group of groups.values()) yield usageRow(base, currentHour, group);
}
