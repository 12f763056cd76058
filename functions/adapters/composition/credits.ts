// composition: the credit ledger's dependencies — the DynamoDB ledger (a handle of ./stores.ts), the system clock
// and the price book as configured now (read per call: CREDIT_PRICES may change without a cold start).
import { systemClock } from '#core/clock';
import type { CreditDeps } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import { ledger } from './stores.ts';

export function creditDeps(): CreditDeps {
  return { ledger, clock: systemClock, prices: priceBook() };
}
