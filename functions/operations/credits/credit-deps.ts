// route support: the credit ledger's adapters of a credit route, built once per cold start.
import { systemClock } from '#core/clock';
import type { CreditDeps } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';

export const ledger = new DynamoLedgerRepository();

/** Everything a use case that moves credits needs; prices are read from configuration on first use. */
export function creditDeps(): CreditDeps {
  return { ledger, clock: systemClock, prices: priceBook() };
}
