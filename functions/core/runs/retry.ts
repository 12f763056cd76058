// core: a node's retry policy at run time — whether a failure is retried, and after how long. Step
// Functions' retrier semantics (docs/language.md "Retry"): the pause before retry n (n = 1, 2, …) is
// intervalSeconds × backoffRate^(n−1), capped by maxDelaySeconds; full jitter draws it from [0, pause].
//
//   attempt fails ── reason is `fault`, or not in `errors` ──────────────► no retry
//        │ attempts so far < maxAttempts
//        ▼
//   pause = min(interval × rate^(n−1), maxDelay) ── jitter full ──► random × pause
import { DEFAULT_RETRIED_REASONS, RETRY_LIMITS, type RetryPolicy } from '../canvas/failure-handling.ts';
import type { NodeFailureReason } from './failure-reason.ts';

/** Step Functions' defaults for a retrier's fields. */
export const RETRY_DEFAULTS = { intervalSeconds: 1, backoffRate: 2 } as const;

/** Whether `policy` retries a failure for `reason` after `attemptsSoFar` attempts (the failed one included). */
export function shouldRetry(
  policy: RetryPolicy | undefined,
  reason: NodeFailureReason,
  attemptsSoFar: number,
): boolean {
  if (!policy || reason === 'fault' || attemptsSoFar >= policy.maxAttempts) return false;
  const errors: readonly string[] = policy.errors ?? DEFAULT_RETRIED_REASONS;
  return errors.includes('all') || errors.includes(reason);
}

/**
 * Seconds to wait before retry `retryNumber` (1 for the first retry). `random` is in [0, 1) (Math.random
 * in the engine; injected by tests).
 */
export function retryDelaySeconds(policy: RetryPolicy, retryNumber: number, random: () => number): number {
  const interval = policy.intervalSeconds ?? RETRY_DEFAULTS.intervalSeconds;
  const rate = policy.backoffRate ?? RETRY_DEFAULTS.backoffRate;
  const uncapped = interval * rate ** (retryNumber - 1);
  // Without maxDelaySeconds the pause still stops at the day the schema allows as its largest cap.
  const delay = Math.min(uncapped, policy.maxDelaySeconds ?? RETRY_LIMITS.maxDelaySeconds);
  return policy.jitter === 'full' ? random() * delay : delay;
}
