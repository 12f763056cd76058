// operation: GET /api/mcp/billing/summary → billingSummary → CreditLedgerStore (GetItem + Query, in parallel)
import * as z from '#core/schema';
import { billingSummary } from '#core/credits/ledger';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { ledger } from './credit-deps.ts';
import { BillingSummaryView } from './credit-views.ts';
import { creditBalance, purchaseTransaction, usageTransaction } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

/** Transactions a summary shows unless asked for another number. */
export const SUMMARY_RECENT_DEFAULT = 10;

export const operation = defineOperation({
  name: 'get_billing_summary',
  title: 'Billing summary',
  description: 'Returns the credit balance and the most recent credit transactions in one answer.',
  example: {
    input: { limit: 2 },
    status: 200,
    output: {
      ...creditBalance,
      recentTransactions: [usageTransaction, purchaseTransaction],
      nextCursor: 'eyJQSyI6IldTI3dzXzAxIn0',
    },
  },
  route: 'billing-summary',
  http: readRoute('/api/mcp/billing/summary', 'read:billing', 'credits'),
  input: z.object({
    limit: z
      ._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), SUMMARY_RECENT_DEFAULT)
      .check(z.describe('How many recent transactions, 1–200 (default 10)')),
  }),
  output: BillingSummaryView,
  annotations: READ_ONLY,
  run: async ({ limit }, { principal }) => {
    const { balance, recentTransactions, nextCursor } = await billingSummary(principal.workspaceId, limit, { ledger });
    return { ...balance, recentTransactions, nextCursor };
  },
});
