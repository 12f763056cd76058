// When to read a running execution again: quickly at first (instant nodes finish within a second),
// then backing off to a modest pace, and slower while every busy node only waits on a provider,
// whose jobs take seconds to minutes. Stops when the run is terminal.
import { isTerminal } from './status.ts';
import type { ExecutionSnapshot } from './types.ts';

export const FIRST_POLL_MS = 400;
export const MAX_POLL_MS = 2_000;
export const WAITING_POLL_MS = 2_500;

/** Milliseconds until the next read after `polls` reads, or null when there is nothing left to watch. */
export function nextPollDelay(snapshot: Pick<ExecutionSnapshot, 'status' | 'nodes'>, polls: number): number | null {
  if (isTerminal(snapshot.status)) return null;
  const states = Object.values(snapshot.nodes ?? {});
  const busy = states.filter((state) => state.status === 'running' || state.status === 'waiting');
  if (busy.length > 0 && busy.every((state) => state.status === 'waiting')) return WAITING_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.round(FIRST_POLL_MS * 1.5 ** Math.max(0, polls)));
}
