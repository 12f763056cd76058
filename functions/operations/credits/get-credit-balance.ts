// operation: GET /api/mcp/credits/balance → getBalance → CreditLedgerStore (one GetItem)
import * as z from '#core/schema';
import { getBalance } from '#core/credits/ledger';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { ledger } from './credit-deps.ts';
import { BalanceView } from './credit-views.ts';
import { creditBalance } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_credit_balance',
  title: 'Credit balance',
  description:
    'Returns the workspace credit balance: total, held by running operations, and available for new metered work.',
  example: { input: {}, status: 200, output: creditBalance },
  route: 'credits-balance',
  http: readRoute('/api/mcp/credits/balance', 'read:billing', 'credits'),
  input: z.object({}),
  output: BalanceView,
  annotations: READ_ONLY,
  run: (_input, { principal }) => getBalance(principal.workspaceId, { ledger }),
});
