// The studio's reading of the credit tools' answers, typed by the generated contract
// (functions/operations/credits/credit-views.ts).
import type { ItemOf } from '../../mcp/pages.ts';
import type { ToolOutput } from '../../mcp/tools.ts';

export type Balance = ToolOutput<'get_credit_balance'>;
export type LedgerEntry = ItemOf<'list_credit_transactions'>;
export type Pricing = NonNullable<LedgerEntry['pricing']>;
export type EntryKind = LedgerEntry['type'];

export const ENTRY_KINDS: readonly EntryKind[] = ['grant', 'purchase', 'usage', 'refund', 'adjustment', 'expiry'];
