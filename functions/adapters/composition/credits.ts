// composition: the credit ledger's dependencies — the DynamoDB ledger (one per process), the system clock
// and the price book as configured now (read per call: CREDIT_PRICES may change without a cold start).
import { systemClock } from '#core/clock';
import type { CreditDeps } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';

let ledger: DynamoLedgerRepository | undefined;

export function creditDeps(): CreditDeps {
  ledger ??= new DynamoLedgerRepository();
  return { ledger, clock: systemClock, prices: priceBook() };
}
