// operation: GET /api/mcp/credits/transactions?limit=&cursor= → listTransactions → CreditLedgerStore (one Query)
import { listTransactions } from '#core/credits/ledger';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { ledger } from './credit-deps.ts';
import { TransactionPageView } from './credit-views.ts';
import { purchaseTransaction, usageTransaction } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_credit_transactions',
  title: 'Credit transactions',
  description:
    'Lists the workspace credit transactions (grants, purchases, usage, refunds, adjustments, expiries), newest first, with cursor paging.',
  example: {
    input: { limit: 2 },
    status: 200,
    output: { items: [usageTransaction, purchaseTransaction], nextCursor: 'eyJQSyI6IldTI3dzXzAxIn0' },
  },
  route: 'credits-transactions',
  http: readRoute('/api/mcp/credits/transactions', 'read:billing', 'credits'),
  input: PageInput,
  output: TransactionPageView,
  annotations: READ_ONLY,
  run: (page, { principal }) => listTransactions(principal.workspaceId, page, { ledger }),
});
