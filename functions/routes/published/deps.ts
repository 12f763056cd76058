// route helper: the adapters the published endpoint uses — handles of the composition root, built on first
// use (the server store is the published operations' own, published-deps.ts).
import { systemClock } from '#core/clock';
import { priceBook } from '#core/credits/prices';
import { daySpend, rateLimiter } from '#adapters/composition/stores';

export { publishDeps } from '#operations/published/published-deps';
export const limitDeps = {
  rateLimiter,
  spend: daySpend,
  clock: systemClock,
  prices: priceBook(),
};

/**
 * How long a tool call waits for its run before answering with a handle (get_run_result): PUBLISHED_CALL_WAIT_MS,
 * read per call (default 20 s), never past the function's own deadline less a margin to answer.
 */
export function callWaitMs(remainingMs: number): number {
  const configured = Number(process.env.PUBLISHED_CALL_WAIT_MS ?? 20_000);
  const wait = Number.isFinite(configured) && configured >= 0 ? configured : 20_000;
  return Math.max(0, Math.min(wait, remainingMs - 3_000));
}
