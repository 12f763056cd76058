// The studio's reading of the credit tools' answers (functions/operations/credits/credit-views.ts). Loose on
// purpose: the ledger may add fields, and the screen shows only what it knows.

export type EntryKind = 'grant' | 'purchase' | 'usage' | 'refund' | 'adjustment' | 'expiry';

export const ENTRY_KINDS: readonly EntryKind[] = ['grant', 'purchase', 'usage', 'refund', 'adjustment', 'expiry'];

export interface Balance {
  workspaceId: string;
  balance: number;
  held: number;
  available: number;
  updatedAt: string | null;
}

export interface Pricing {
  sku: string;
  skuPriceId: string;
  model?: string;
  unit: string;
  quantity: number;
  pricingQuantity: number;
  unitPrice: number;
}

export interface LedgerEntry {
  id: string;
  type: EntryKind;
  /** Signed: a usage of 12 credits is −12. */
  credits: number;
  operationId: string;
  occurredAt: string;
  description?: string;
  pricing?: Pricing;
  resource?: Record<string, string>;
  payment?: { currency: string; amount: string; reference: string };
}

export interface TransactionPage {
  items: LedgerEntry[];
  nextCursor: string | null;
}
