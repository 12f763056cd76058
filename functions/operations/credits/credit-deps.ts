// route support: the credit ledger of the credit read operations, built once per cold start.
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';

export const ledger = new DynamoLedgerRepository();
