// route: GET /api/mcp/credits/balance → getBalance → CreditLedgerStore (one GetItem)
import * as z from '#core/schema';
import { getBalance } from '#core/credits/ledger';
import { operationRoute } from '#http/operation-route';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { ledger } from './deps.ts';
import { BalanceView } from './views.ts';

export const operation = defineOperation({
  name: 'get_credit_balance',
  title: 'Credit balance',
  description:
    'Returns the workspace credit balance: total, held by running operations, and available for new metered work.',
  route: 'credits-balance',
  input: z.object({}),
  output: BalanceView,
  annotations: READ_ONLY,
  run: (_input, { principal }) => getBalance(principal.workspaceId, { ledger }),
});

export const handler = operationRoute(operation);
