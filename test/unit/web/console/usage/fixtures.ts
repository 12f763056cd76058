import type { LedgerEntry } from '../../../../../web/src/console/usage/types.ts';

let next = 0;

export function usage(
  occurredAt: string,
  credits: number,
  sku: string,
  model?: string,
  quantity = credits,
): LedgerEntry {
  return {
    id: `led_${++next}`,
    workspaceId: 'wsp_1',
    type: 'usage',
    credits: -credits,
    operationId: `op-${next}`,
    occurredAt,
    pricing: {
      sku,
      skuPriceId: `${sku}:${model ?? '*'}:1/Units`,
      ...(model ? { model } : {}),
      unit: 'Units',
      quantity,
      pricingQuantity: Math.ceil(quantity),
      unitPrice: 1,
    },
    resource: {},
  };
}

export function grant(occurredAt: string, credits: number): LedgerEntry {
  return {
    id: `led_${++next}`,
    workspaceId: 'wsp_1',
    type: 'grant',
    credits,
    operationId: `grant-${next}`,
    occurredAt,
  };
}
