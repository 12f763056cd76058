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
import type {
  LedgerEntry,
  PaymentReference,
  RefundEntry,
  UsageEntry,
  UsagePricing,
  UsageResource,
} from '../credits/ledger-entry.ts';
import { EXPORT_COLUMNS, type FocusRow } from './columns.ts';
import { divide, formatFixed, fromInteger, fromNumber, multiply, parseFixed, ZERO, type Fixed } from './decimal.ts';
import type { FocusRange } from './range.ts';

const HOUR_MS = 60 * 60 * 1000;
/** FOCUS virtual currency of usage rows' PricingCurrency* columns (1.3 allows a non-ISO string there). */
export const CREDITS_PRICING_CURRENCY = 'Credits';
export const CREDITS_UNIT = 'Credits';

/** Who we are in FOCUS terms (§7 participating entities: a SaaS sold directly). */
export interface FocusIdentity {
  /**
   * ServiceProviderName = InvoiceIssuerName = HostProviderName = ProviderName = PublisherName; also the DataGenerator.
   */
  readonly providerName: string;
  readonly serviceName: string;
  readonly serviceCategory: string;
  readonly serviceSubcategory: string;
}

export const DEFAULT_FOCUS_IDENTITY: FocusIdentity = {
  providerName: 'Workspace Automation Service',
  serviceName: 'Workspace Automation',
  serviceCategory: 'AI and Machine Learning',
  serviceSubcategory: 'Generative AI',
};

/** Everything a row needs besides its entry. */
export interface FocusExportScope {
  readonly workspaceId: string;
  readonly workspaceName: string | null;
  readonly range: FocusRange;
  /** What one credit is worth at list price (prices.ts CreditListPrice). */
  readonly creditPrice: { readonly currency: string; readonly perCredit: string };
  readonly identity: FocusIdentity;
}

/** `2026-05-01T12:00:00Z`: whole seconds, UTC, as the FOCUS DateTime format and the validator want. */
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** The creation time of a time-ordered id (`led_` + 10 time characters …), or undefined. */
function idTime(id: string): number | undefined {
  const body = id.slice(id.indexOf('_') + 1, id.indexOf('_') + 11);
  if (body.length !== 10) return undefined;
  let value = 0;
  for (const char of body) {
    const digit = CROCKFORD.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 32 + digit;
  }
  return value;
}

function monthStart(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function nextMonthStart(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** A measured quantity (a sum of doubles) rounded to 12 decimals, as text. */
function consumedText(quantity: number): string {
  return Number.isInteger(quantity) ? String(quantity) : formatFixed(fromNumber(quantity));
}

const clip = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? text.slice(0, max) : text;

interface UsageGroup {
  pricing: UsagePricing;
  resource: UsageResource;
  pricingQuantity: number;
  quantity: number;
  credits: number;
  count: number;
}

/** Builds rows for one export: the columns every row shares are computed once. */
class RowFactory {
  private readonly template: FocusRow;
  private readonly perCredit: Fixed;
  private readonly currency: string;
  private readonly fromMs: number;
  private readonly toMs: number;
  private periods = new Map<number, { start: string; end: string; billingStart: string; billingEnd: string }>();

  constructor(scope: FocusExportScope) {
    this.perCredit = parseFixed(scope.creditPrice.perCredit);
    this.currency = scope.creditPrice.currency;
    this.fromMs = scope.range.from.getTime();
    this.toMs = scope.range.to.getTime();
    const { providerName, serviceName, serviceCategory, serviceSubcategory } = scope.identity;
    const template: FocusRow = {};
    for (const column of EXPORT_COLUMNS) template[column.name] = null;
    Object.assign(template, {
      BillingAccountId: scope.workspaceId,
      BillingAccountName: scope.workspaceName,
      BillingCurrency: this.currency,
      HostProviderName: providerName,
      InvoiceIssuerName: providerName,
      ProviderName: providerName,
      PublisherName: providerName,
      ServiceProviderName: providerName,
      ServiceName: serviceName,
      ServiceCategory: serviceCategory,
      ServiceSubcategory: serviceSubcategory,
      x_CreditEntryCount: '1',
    });
    this.template = template;
  }

  /** A row with the shared columns and the periods of the hour starting at `hourMs` (clipped to the range). */
  private row(hourMs: number): FocusRow {
    let period = this.periods.get(hourMs);
    if (!period) {
      const start = Math.max(hourMs, this.fromMs);
      const end = Math.min(hourMs + HOUR_MS, this.toMs);
      period = {
        start: isoSeconds(Math.floor(start / 1000) * 1000),
        end: isoSeconds(Math.ceil(end / 1000) * 1000),
        billingStart: isoSeconds(monthStart(hourMs)),
        billingEnd: isoSeconds(nextMonthStart(hourMs)),
      };
      // Rows arrive in time order, so only the current hour is looked up again: keep the map tiny.
      if (this.periods.size > 4) this.periods.clear();
      this.periods.set(hourMs, period);
    }
    return {
      ...this.template,
      ChargePeriodStart: period.start,
      ChargePeriodEnd: period.end,
      BillingPeriodStart: period.billingStart,
      BillingPeriodEnd: period.billingEnd,
    };
  }

  /** Money per unit of each credit price seen (a handful per export): computed once each. */
  private readonly unitPrices = new Map<number, { fixed: Fixed; text: string }>();

  private unitPrice(creditsPerUnit: number): { fixed: Fixed; text: string } {
    let price = this.unitPrices.get(creditsPerUnit);
    if (!price) {
      const fixed = multiply(fromInteger(creditsPerUnit), this.perCredit);
      price = { fixed, text: formatFixed(fixed) };
      this.unitPrices.set(creditsPerUnit, price);
    }
    return price;
  }

  /** Usage priced in credits: SKU, unit prices in money and in credits, quantities, costs. */
  private priced(
    row: FocusRow,
    pricing: UsagePricing,
    resource: UsageResource | undefined,
    pricingQuantity: number,
    quantity: number,
    credits: number,
  ): FocusRow {
    const { fixed: unitPrice, text: unitPriceText } = this.unitPrice(pricing.unitPrice);
    const listCost = formatFixed(multiply(unitPrice, fromInteger(pricingQuantity)));
    const burned = -credits;
    row.ChargeCategory = 'Usage';
    row.ChargeFrequency = 'Usage-Based';
    row.ChargeDescription = `${pricing.sku}${pricing.model ? ` (${pricing.model})` : ''}, per ${pricing.unit}`;
    row.BilledCost = '0';
    row.EffectiveCost = formatFixed(multiply(fromInteger(burned), this.perCredit));
    row.ListUnitPrice = unitPriceText;
    row.ContractedUnitPrice = unitPriceText;
    row.ListCost = listCost;
    row.ContractedCost = listCost;
    row.PricingCategory = 'Standard';
    row.PricingQuantity = String(pricingQuantity);
    row.PricingUnit = pricing.unit;
    row.ConsumedQuantity = consumedText(quantity);
    row.ConsumedUnit = pricing.unit;
    row.PricingCurrency = CREDITS_PRICING_CURRENCY;
    row.PricingCurrencyListUnitPrice = String(pricing.unitPrice);
    row.PricingCurrencyContractedUnitPrice = String(pricing.unitPrice);
    row.PricingCurrencyEffectiveCost = String(burned);
    row.SkuId = pricing.sku;
    row.SkuMeter = pricing.sku;
    row.SkuPriceId = pricing.skuPriceId;
    row.SkuPriceDetails = pricing.model ? JSON.stringify({ x_Model: pricing.model }) : null;
    row.x_Credits = String(credits);
    if (resource) {
      const { canvasId, nodeId } = resource;
      row.ResourceId = canvasId && nodeId ? `${canvasId}/${nodeId}` : (canvasId ?? null);
      row.ResourceType = canvasId && nodeId ? 'Canvas Node' : canvasId ? 'Canvas' : null;
      row.x_CanvasId = canvasId ?? null;
      row.x_ExecutionId = resource.executionId ?? null;
      // A published server's runs name it, so finance can group what each server cost.
      row.x_PublishedServerId = resource.publishedServerId ?? null;
    }
    return row;
  }

  usage(hourMs: number, group: UsageGroup): FocusRow {
    const row = this.priced(
      this.row(hourMs),
      group.pricing,
      group.resource,
      group.pricingQuantity,
      group.quantity,
      group.credits,
    );
    row.x_CreditEntryType = 'usage';
    row.x_CreditEntryCount = String(group.count);
    return row;
  }

  /** Every entry that is not usage: one row each. */
  single(entry: Exclude<LedgerEntry, UsageEntry>, hourMs: number): FocusRow {
    const row = this.row(hourMs);
    row.x_CreditTransactionId = entry.id;
    row.x_CreditEntryType = entry.type;
    row.x_OperationId = entry.operationId;
    row.x_Credits = String(entry.credits);
    switch (entry.type) {
      case 'purchase':
        return this.purchase(
          row,
          entry.credits,
          entry.payment,
          entry.source === 'plan' ? 'Recurring' : 'One-Time',
          clip(entry.description, 200),
          entry.id,
        );
      case 'grant':
        row.x_GrantedBy = entry.grantedBy;
        return this.unpriced(
          row,
          'Credit',
          entry.grantedBy === 'plan' ? 'Recurring' : 'One-Time',
          clip(entry.description, 200) ?? `Credit grant (${entry.credits} credits)`,
        );
      case 'refund':
        return this.refund(row, entry, hourMs);
      case 'adjustment':
        row.x_Reason = clip(entry.reason, 500) ?? null;
        return this.unpriced(
          row,
          'Adjustment',
          'One-Time',
          clip(entry.description, 200) ?? `Credit balance adjustment (${entry.credits} credits)`,
        );
      case 'expiry':
        return this.unpriced(
          row,
          'Adjustment',
          'One-Time',
          clip(entry.description, 200) ?? `Expired credits (${entry.credits} credits)`,
        );
    }
  }

  /** Credits bought: priced in money, EffectiveCost 0 (they prepay usage rows, which carry the cost). */
  private purchase(
    row: FocusRow,
    credits: number,
    payment: PaymentReference,
    frequency: string,
    description: string | undefined,
    lotId: string,
  ): FocusRow {
    const paid = parseFixed(payment.amount.replace(/^-/, ''));
    const amount = payment.amount.startsWith('-') ? -paid : paid;
    const list = multiply(fromInteger(credits), this.perCredit);
    const contractedUnit = credits === 0 ? ZERO : divide(paid, fromInteger(Math.abs(credits)));
    const planSku = payment.planId ? `plan.${payment.planId}` : 'credits.pack';
    row.ChargeCategory = 'Purchase';
    row.ChargeFrequency = frequency;
    row.ChargeDescription =
      description ??
      (payment.planId ? `Plan ${payment.planId}: ${credits} credits` : `Credit pack (${credits} credits)`);
    row.BillingCurrency = payment.currency;
    row.BilledCost = formatFixed(amount);
    row.ContractedCost = formatFixed(amount);
    row.ListCost = formatFixed(list);
    row.EffectiveCost = '0';
    row.ListUnitPrice = formatFixed(this.perCredit);
    row.ContractedUnitPrice = formatFixed(contractedUnit);
    row.PricingCategory = 'Standard';
    row.PricingQuantity = String(credits);
    row.PricingUnit = CREDITS_UNIT;
    row.PricingCurrency = payment.currency;
    row.PricingCurrencyListUnitPrice = row.ListUnitPrice;
    row.PricingCurrencyContractedUnitPrice = row.ContractedUnitPrice;
    row.PricingCurrencyEffectiveCost = '0';
    row.SkuId = planSku;
    row.SkuMeter = planSku;
    row.SkuPriceId = `${planSku}:${payment.currency}:${formatFixed(contractedUnit)}/Credit`;
    row.ResourceId = lotId;
    row.ResourceType = 'Credit Allocation';
    row.x_PaymentReference = payment.reference;
    return row;
  }

  /** Rows with no SKU price (grants, adjustments, expiries): costs 0, credits in x_Credits only. */
  private unpriced(row: FocusRow, category: 'Credit' | 'Adjustment', frequency: string, description: string): FocusRow {
    row.ChargeCategory = category;
    row.ChargeFrequency = frequency;
    row.ChargeDescription = description;
    row.BilledCost = '0';
    row.EffectiveCost = '0';
    row.ListCost = '0';
    row.ContractedCost = '0';
    row.PricingCurrency = this.currency;
    row.PricingCurrencyEffectiveCost = '0';
    return row;
  }

  private refund(row: FocusRow, entry: RefundEntry, hourMs: number): FocusRow {
    // A refund that amends an earlier (already invoiced) billing period is a Correction (ChargeClass).
    const originalMs = idTime(entry.refundOf.entryId);
    if (originalMs !== undefined && monthStart(originalMs) < monthStart(hourMs)) row.ChargeClass = 'Correction';
    const description = clip(entry.description, 200);
    if (entry.refundOf.type === 'purchase' && entry.payment) {
      return this.purchase(
        row,
        entry.credits,
        entry.payment,
        'One-Time',
        description ?? `Refund of credit purchase (${entry.credits} credits)`,
        entry.refundOf.entryId,
      );
    }
    if (entry.refundOf.type === 'usage' && entry.pricing) {
      this.priced(
        row,
        entry.pricing,
        entry.resource,
        entry.pricing.pricingQuantity,
        entry.pricing.quantity,
        entry.credits,
      );
      row.ChargeDescription = description ?? `Refund: ${row.ChargeDescription}`;
      return row;
    }
    // A refund without the payment or pricing it reverses can only be shown as a balance adjustment.
    return this.unpriced(row, 'Adjustment', 'One-Time', description ?? `Refund (${entry.credits} credits)`);
  }
}

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
  const factory = new RowFactory(scope);
  let currentHour = Number.NaN;
  let groups = new Map<string, UsageGroup>();
  for await (const entry of entries) {
    const ms = Date.parse(entry.occurredAt);
    const hourMs = ms - (((ms % HOUR_MS) + HOUR_MS) % HOUR_MS);
    if (hourMs !== currentHour) {
      for (const group of groups.values()) yield factory.usage(currentHour, group);
      groups = new Map();
      currentHour = hourMs;
    }
    if (entry.type !== 'usage') {
      yield factory.single(entry, hourMs);
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
  for (const group of groups.values()) yield factory.usage(currentHour, group);
}
