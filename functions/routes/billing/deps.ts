// routes: the adapters the FOCUS routes use (shared by both hosts' handlers): handles of the composition
// root, built on first use.
import { systemClock } from '#core/clock';
import { priceBook } from '#core/credits/prices';
import { INLINE_LIMIT_BYTES, type FocusDeps } from '#core/focus/export';
import { DEFAULT_FOCUS_IDENTITY } from '#core/focus/rows';
import { ledgerReader, workspaces } from '#adapters/composition/stores';
import { exportStore } from '#adapters/composition/exports';

/**
 * FOCUS_INLINE_LIMIT_BYTES may lower (never raise) the size answered inline, e.g. to see the download
 * link path locally without megabytes of ledger. Unset in AWS: 5 MB, under Lambda's 6 MB response cap.
 */
function inlineLimit(): number {
  const raw = process.env.FOCUS_INLINE_LIMIT_BYTES;
  if (!raw) return INLINE_LIMIT_BYTES;
  const configured = Number(raw);
  return Number.isInteger(configured) && configured >= 0
    ? Math.min(configured, INLINE_LIMIT_BYTES)
    : INLINE_LIMIT_BYTES;
}

export const focusDeps: FocusDeps = {
  ledger: ledgerReader,
  workspaces,
  store: exportStore,
  clock: systemClock,
  // Read lazily: the price book parses its configuration (CREDIT_LIST_PRICE) on first use.
  get creditPrice() {
    return priceBook().creditListPrice;
  },
  identity: DEFAULT_FOCUS_IDENTITY,
  get inlineLimitBytes() {
    return inlineLimit();
  },
};
