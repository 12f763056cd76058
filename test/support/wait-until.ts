// test support: a bounded wait for a condition that other processes or timers bring about.
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `probe` until it returns a truthy value and returns that value; fails after `timeoutMs` with
 * `what` in the message. A bound on waiting, not a timing assertion: keep it generous.
 */
export async function waitUntil<T>(
  probe: () => T | Promise<T>,
  {
    what = 'condition',
    timeoutMs = 10_000,
    intervalMs = 20,
  }: { what?: string; timeoutMs?: number; intervalMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`waitUntil: ${what} not reached within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}
