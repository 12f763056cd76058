// unit support: ledger entries as the ledger writes them (functions/core/credits/ledger-entry.ts), for
// the FOCUS mapper, writers and checker tests.
import type { LedgerEntry, UsageEntry } from '#core/credits/ledger-entry';
import { newId } from '#core/ids';
import type { FocusExportScope } from '#core/focus/rows';
import { DEFAULT_FOCUS_IDENTITY } from '#core/focus/rows';

export const WS = 'ws_01jd8x5d7f9h1k3m5p7r9t1v3x';

let seq = 0;
const id = (at: string) => newId('led', Date.parse(at));

export function usage(
  at: string,
  overrides: {
    sku?: string;
    model?: string;
    quantity?: number;
    unitPrice?: number;
    unit?: string;
    canvasId?: string;
    nodeId?: string;
    executionId?: string | null;
  } = {},
): UsageEntry {
  const quantity = overrides.quantity ?? 4.2;
  const unitPrice = overrides.unitPrice ?? 10;
  const pricingQuantity = Math.ceil(quantity);
  const sku = overrides.sku ?? 'video.generate';
  const model = overrides.model ?? 'standard';
  const unit = overrides.unit ?? 'Seconds';
  return {
    id: id(at),
    workspaceId: WS,
    type: 'usage',
    credits: -pricingQuantity * unitPrice,
    operationId: `exec_1:node_${++seq}`,
    occurredAt: at,
    description: 'Video generation',
    pricing: {
      sku,
      skuPriceId: `${sku}:${model}:${unitPrice}/${unit}`,
      model,
      unit,
      quantity,
      pricingQuantity,
      unitPrice,
    },
    resource: {
      canvasId: overrides.canvasId ?? 'cnv_1',
      ...(overrides.executionId === null ? {} : { executionId: overrides.executionId ?? 'exec_1' }),
      nodeId: overrides.nodeId ?? 'video1',
      provider: 'runway',
    },
  };
}

export const purchase = (
  at: string,
  credits = 500,
  amount = '5.00',
  source: 'checkout' | 'plan' = 'checkout',
): LedgerEntry => ({
  id: id(at),
  workspaceId: WS,
  type: 'purchase',
  credits,
  operationId: `stripe-event:evt_${++seq}`,
  occurredAt: at,
  description: `Credit pack (${credits})`,
  source,
  payment: {
    provider: 'stripe',
    reference: `cs_${seq}`,
    eventId: `evt_${seq}`,
    currency: 'USD',
    amount,
    ...(source === 'plan' ? { planId: 'pro' } : {}),
  },
});

export const grant = (at: string, credits = 100): LedgerEntry => ({
  id: id(at),
  workspaceId: WS,
  type: 'grant',
  credits,
  operationId: `admin-grant:${++seq}`,
  occurredAt: at,
  description: 'Welcome credits',
  grantedBy: 'admin-cli',
});

export const adjustment = (at: string, credits = -5): LedgerEntry => ({
  id: id(at),
  workspaceId: WS,
  type: 'adjustment',
  credits,
  operationId: `adjust:${++seq}`,
  occurredAt: at,
  reason: 'Goodwill, "duplicate" charge, reversed',
});

export const expiry = (at: string, credits = -20): LedgerEntry => ({
  id: id(at),
  workspaceId: WS,
  type: 'expiry',
  credits,
  operationId: `expire:${++seq}`,
  occurredAt: at,
});

export function purchaseRefund(at: string, original: LedgerEntry, credits = -500, amount = '-5.00'): LedgerEntry {
  return {
    id: id(at),
    workspaceId: WS,
    type: 'refund',
    credits,
    operationId: `stripe-event:evt_r${++seq}`,
    occurredAt: at,
    refundOf: { entryId: original.id, type: 'purchase' },
    payment: { provider: 'stripe', reference: 'cs_refunded', eventId: `evt_r${seq}`, currency: 'USD', amount },
  };
}

export function usageRefund(at: string, original: UsageEntry): LedgerEntry {
  return {
    id: id(at),
    workspaceId: WS,
    type: 'refund',
    credits: -original.credits,
    operationId: `refund:${original.operationId}`,
    occurredAt: at,
    refundOf: { entryId: original.id, type: 'usage' },
    pricing: {
      ...original.pricing,
      quantity: -original.pricing.quantity,
      pricingQuantity: -original.pricing.pricingQuantity,
    },
    resource: original.resource,
  };
}

export async function* stream<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

export function scope(from = '2026-05-01T00:00:00Z', to = '2026-07-01T00:00:00Z'): FocusExportScope {
  return {
    workspaceId: WS,
    workspaceName: 'Acme, "Video" team',
    range: { from: new Date(from), to: new Date(to) },
    creditPrice: { currency: 'USD', perCredit: '0.01' },
    identity: DEFAULT_FOCUS_IDENTITY,
  };
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
