// routes: the adapters the FOCUS routes use, built once per cold start (shared by both hosts' handlers).
import { systemClock } from '#core/clock';
import { priceBook } from '#core/credits/prices';
import type { FocusDeps } from '#core/focus/export';
import { DEFAULT_FOCUS_IDENTITY } from '#core/focus/rows';
import { DynamoLedgerReader } from '#adapters/dynamodb/ledger-reader';
import { workspaces } from '#adapters/dynamodb/repositories';
import { S3ExportStore } from '#adapters/s3/export-store';

export const focusDeps: FocusDeps = {
  ledger: new DynamoLedgerReader(),
  workspaces,
  store: new S3ExportStore(),
  clock: systemClock,
  // Read lazily: the price book parses its configuration (CREDIT_LIST_PRICE) on first use.
  get creditPrice() {
    return priceBook().creditListPrice;
  },
  identity: DEFAULT_FOCUS_IDENTITY,
};
