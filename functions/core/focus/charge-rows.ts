// core: the columns each kind of charge fills (focus-1.3.md §7): usage priced in credits, purchases
// priced in money, refunds that reverse either, and grants, adjustments and expiries that carry no price.
// Each starts from the shared row of its hour (row-base.ts).
import type {
  LedgerEntry,
  PaymentReference,
  RefundEntry,
  UsageEntry,
  UsagePricing,
  UsageResource,
} from '../credits/ledger-entry.ts';
import type { FocusRow } from './columns.ts';
import { divide, formatFixed, fromInteger, multiply, parseFixed, ZERO } from './decimal.ts';
import {
  clip,
  consumedText,
  CREDITS_PRICING_CURRENCY,
  CREDITS_UNIT,
  idTime,
  monthStart,
  type RowBase,
} from './row-base.ts';

/** The usage of one hour, SKU, price, model, unit, resource and run, summed. */
export interface UsageGroup {
  pricing: UsagePricing;
  resource: UsageResource;
  pricingQuantity: number;
  quantity: number;
  credits: number;
  count: number;
}

/** Usage priced in credits: SKU, unit prices in money and in credits, quantities, costs. */
function priced(
  base: RowBase,
  row: FocusRow,
  pricing: UsagePricing,
  resource: UsageResource | undefined,
  pricingQuantity: number,
  quantity: number,
  credits: number,
): FocusRow {
  const { fixed: unitPrice, text: unitPriceText } = base.unitPrice(pricing.unitPrice);
  const listCost = formatFixed(multiply(unitPrice, fromInteger(pricingQuantity)));
  const burned = -credits;
  row.ChargeCategory = 'Usage';
  row.ChargeFrequency = 'Usage-Based';
  row.ChargeDescription = `${pricing.sku}${pricing.model ? ` (${pricing.model})` : ''}, per ${pricing.unit}`;
  row.BilledCost = '0';
  row.EffectiveCost = formatFixed(multiply(fromInteger(burned), base.perCredit));
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

export function usageRow(base: RowBase, hourMs: number, group: UsageGroup): FocusRow {
  const row = priced(
    base,
    base.row(hourMs),
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
export function entryRow(base: RowBase, entry: Exclude<LedgerEntry, UsageEntry>, hourMs: number): FocusRow {
  const row = base.row(hourMs);
  row.x_CreditTransactionId = entry.id;
  row.x_CreditEntryType = entry.type;
  row.x_OperationId = entry.operationId;
  row.x_Credits = String(entry.credits);
  switch (entry.type) {
    case 'purchase':
      return purchase(
        base,
        row,
        entry.credits,
        entry.payment,
        entry.source === 'plan' ? 'Recurring' : 'One-Time',
        clip(entry.description, 200),
        entry.id,
      );
    case 'grant':
      row.x_GrantedBy = entry.grantedBy;
      return unpriced(
        base,
        row,
        'Credit',
        entry.grantedBy === 'plan' ? 'Recurring' : 'One-Time',
        clip(entry.description, 200) ?? `Credit grant (${entry.credits} credits)`,
      );
    case 'refund':
      return refund(base, row, entry, hourMs);
    case 'adjustment':
      row.x_Reason = clip(entry.reason, 500) ?? null;
      return unpriced(
        base,
        row,
        'Adjustment',
        'One-Time',
        clip(entry.description, 200) ?? `Credit balance adjustment (${entry.credits} credits)`,
      );
    case 'expiry':
      return unpriced(
        base,
        row,
        'Adjustment',
        'One-Time',
        clip(entry.description, 200) ?? `Expired credits (${entry.credits} credits)`,
      );
  }
}

/** Credits bought: priced in money, EffectiveCost 0 (they prepay usage rows, which carry the cost). */
function purchase(
  base: RowBase,
  row: FocusRow,
  credits: number,
  payment: PaymentReference,
  frequency: string,
  description: string | undefined,
  lotId: string,
): FocusRow {
  const paid = parseFixed(payment.amount.replace(/^-/, ''));
  const amount = payment.amount.startsWith('-') ? -paid : paid;
  const list = multiply(fromInteger(credits), base.perCredit);
  const contractedUnit = credits === 0 ? ZERO : divide(paid, fromInteger(Math.abs(credits)));
  const planSku = payment.planId ? `plan.${payment.planId}` : 'credits.pack';
  row.ChargeCategory = 'Purchase';
  row.ChargeFrequency = frequency;
  row.ChargeDescription =
    description ?? (payment.planId ? `Plan ${payment.planId}: ${credits} credits` : `Credit pack (${credits} credits)`);
  row.BillingCurrency = payment.currency;
  row.BilledCost = formatFixed(amount);
  row.ContractedCost = formatFixed(amount);
  row.ListCost = formatFixed(list);
  row.EffectiveCost = '0';
  row.ListUnitPrice = formatFixed(base.perCredit);
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
function unpriced(
  base: RowBase,
  row: FocusRow,
  category: 'Credit' | 'Adjustment',
  frequency: string,
  description: string,
): FocusRow {
  row.ChargeCategory = category;
  row.ChargeFrequency = frequency;
  row.ChargeDescription = description;
  row.BilledCost = '0';
  row.EffectiveCost = '0';
  row.ListCost = '0';
  row.ContractedCost = '0';
  row.PricingCurrency = base.currency;
  row.PricingCurrencyEffectiveCost = '0';
  return row;
}

function refund(base: RowBase, row: FocusRow, entry: RefundEntry, hourMs: number): FocusRow {
  // A refund that amends an earlier (already invoiced) billing period is a Correction (ChargeClass).
  const originalMs = idTime(entry.refundOf.entryId);
  if (originalMs !== undefined && monthStart(originalMs) < monthStart(hourMs)) row.ChargeClass = 'Correction';
  const description = clip(entry.description, 200);
  if (entry.refundOf.type === 'purchase' && entry.payment) {
    return purchase(
      base,
      row,
      entry.credits,
      entry.payment,
      'One-Time',
      description ?? `Refund of credit purchase (${entry.credits} credits)`,
      entry.refundOf.entryId,
    );
  }
  if (entry.refundOf.type === 'usage' && entry.pricing) {
    priced(
      base,
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
  return unpriced(base, row, 'Adjustment', 'One-Time', description ?? `Refund (${entry.credits} credits)`);
}
