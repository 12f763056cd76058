// route: GET /api/mcp/credits/transactions?limit=&cursor= → listTransactions → CreditLedgerStore (one Query)
import { listTransactions } from '#core/credits/ledger';
import { operationRoute } from '#http/operation-route';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { ledger } from './deps.ts';
import { TransactionPageView } from './views.ts';

export const operation = defineOperation({
  name: 'list_credit_transactions',
  title: 'Credit transactions',
  description:
    'Lists the workspace credit transactions (grants, purchases, usage, refunds, adjustments, expiries), newest first, with cursor paging.',
  route: 'credits-transactions',
  input: PageInput,
  output: TransactionPageView,
  annotations: READ_ONLY,
  run: (page, { principal }) => listTransactions(principal.workspaceId, page, { ledger }),
});

export const handler = operationRoute(operation);
