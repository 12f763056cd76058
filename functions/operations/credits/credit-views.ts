// operations: what the credit reads answer (balance, transactions, summary), for the tools' output
// schemas and the OpenAPI document. Loose objects: the ledger may add fields without breaking a client.
import * as z from '#core/schema';
import { LEDGER_ENTRY_TYPES } from '#core/credits/ledger-entry';

const credits = (description: string) => z.number().check(z.describe(`${description} (whole credits)`));

export const BalanceView = z.looseObject({
  workspaceId: z.string().check(z.describe('The workspace the key belongs to')),
  balance: credits('Credits in the workspace: the sum of every ledger transaction; never negative'),
  held: credits('Credits reserved by operations still running (holds); settled or returned when they finish'),
  available: credits('balance − held: what new metered work may use'),
  unit: z.literal('credits').check(z.describe('Unit of balance, held and available')),
  updatedAt: z
    .nullable(z.string())
    .check(z.describe('Last change (ISO 8601, UTC); null if the workspace never had credits')),
});

export const TransactionView = z.looseObject({
  id: z.string().check(z.describe('Transaction id')),
  workspaceId: z.string(),
  type: z
    .enum(LEDGER_ENTRY_TYPES as [string, ...string[]])
    .check(z.describe('grant, purchase, usage, refund, adjustment or expiry')),
  credits: credits('Signed change to the balance: positive adds, negative takes'),
  operationId: z
    .string()
    .check(
      z.describe('What caused it (a payment event, an invoice, a node run, an admin grant); unique per workspace'),
    ),
  occurredAt: z.string().check(z.describe('When it was recorded (ISO 8601, UTC, milliseconds)')),
  description: z.optional(z.string().check(z.describe('Shown to people'))),
  pricing: z.optional(
    z
      .looseObject({
        sku: z.string(),
        skuPriceId: z.string(),
        model: z.optional(z.string()),
        unit: z.string(),
        quantity: z.number(),
        pricingQuantity: z.number(),
        unitPrice: z.number(),
      })
      .check(
        z.describe(
          'Usage: the metered operation, its unit, the measured and charged quantities and the credits per unit',
        ),
      ),
  ),
  resource: z.optional(
    z
      .record(z.string(), z.string())
      .check(
        z.describe(
          'Usage: what it was for (canvasId, executionId, nodeId, provider, providerJobId; publishedServerId when a published server started the run)',
        ),
      ),
  ),
  payment: z.optional(
    z
      .looseObject({
        provider: z.string(),
        reference: z.string(),
        eventId: z.string(),
        currency: z.string(),
        amount: z.string(),
      })
      .check(z.describe('Purchase: the payment (provider reference, ISO 4217 currency, decimal amount)')),
  ),
});

export const TransactionPageView = z.looseObject({
  items: z.array(TransactionView).check(z.describe('Transactions, newest first')),
  nextCursor: z
    .nullable(z.string())
    .check(z.describe('Pass as `cursor` to get the next (older) page; null on the last page')),
});

export const BillingSummaryView = z.looseObject({
  ...BalanceView.shape,
  recentTransactions: z.array(TransactionView).check(z.describe('The most recent transactions, newest first')),
  nextCursor: z
    .nullable(z.string())
    .check(z.describe('Pass as `cursor` to list_credit_transactions for older ones; null if there are none')),
});
