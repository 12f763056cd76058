// unit: a retry policy's arithmetic (runs/retry.ts) — Step Functions' retrier: interval × rate^(n−1),
// capped by maxDelaySeconds, full jitter drawn from [0, delay] with an injected random; which failures
// a policy retries, and that the engine's own faults never are.
import { describe, expect, it } from 'vitest';
import { RETRY_LIMITS, RetryPolicySchema, type RetryPolicy } from '#core/canvas/failure-handling';
import { retryDelaySeconds, shouldRetry } from '#core/runs/retry';

const policy = (overrides: Partial<RetryPolicy> = {}): RetryPolicy => ({ maxAttempts: 5, ...overrides });

describe('retryDelaySeconds', () => {
  it('grows the pause by the backoff rate per retry, from the interval', () => {
    // Prepare
    const doubling = policy({ intervalSeconds: 3, backoffRate: 2 });
    // Act
    const delays = [1, 2, 3, 4].map((retry) => retryDelaySeconds(doubling, retry, Math.random));
    // Assess
    expect(delays).toEqual([3, 6, 12, 24]);
  });

  it("uses Step Functions' defaults (interval 1 s, rate 2) when the policy names neither", () => {
    // Act
    const delays = [1, 2, 3].map((retry) => retryDelaySeconds(policy(), retry, Math.random));
    // Assess
    expect(delays).toEqual([1, 2, 4]);
  });

  it('caps the pause at maxDelaySeconds, and at a day when the policy sets no cap', () => {
    // Prepare
    const capped = policy({ intervalSeconds: 10, backoffRate: 10, maxDelaySeconds: 250 });
    const uncapped = policy({ intervalSeconds: 10_000, backoffRate: 10 });
    // Act
    const delays = [1, 2, 3, 4].map((retry) => retryDelaySeconds(capped, retry, Math.random));
    const longest = retryDelaySeconds(uncapped, 9, Math.random);
    // Assess
    expect(delays).toEqual([10, 100, 250, 250]);
    expect(longest).toBe(RETRY_LIMITS.maxDelaySeconds);
  });

  it('draws a full-jitter pause from [0, delay] with the random it is given', () => {
    // Prepare
    const jittered = policy({ intervalSeconds: 4, backoffRate: 2, jitter: 'full' });
    const draws = [0, 0.25, 0.999];
    // Act
    const delays = draws.map((draw) => retryDelaySeconds(jittered, 2, () => draw));
    // Assess: retry 2's delay is 8 s
    expect(delays).toEqual([0, 2, 8 * 0.999]);
  });
});

describe('shouldRetry', () => {
  it('retries provider failures by default and stops when the attempts are used up', () => {
    // Prepare
    const three = policy({ maxAttempts: 3 });
    // Act + Assess
    expect(shouldRetry(three, 'upstream', 1)).toBe(true);
    expect(shouldRetry(three, 'rate-limited', 2)).toBe(true);
    expect(shouldRetry(three, 'upstream-timeout', 3)).toBe(false);
    expect(shouldRetry(three, 'validation', 1)).toBe(false);
  });

  it("retries only the reasons a policy names, or every one with 'all' — never the engine's own fault", () => {
    // Prepare
    const named = policy({ errors: ['node', 'validation'] });
    const all = policy({ errors: ['all'] });
    // Act + Assess
    expect(shouldRetry(named, 'node', 1)).toBe(true);
    expect(shouldRetry(named, 'upstream', 1)).toBe(false);
    expect(shouldRetry(all, 'credits', 1)).toBe(true);
    expect(shouldRetry(all, 'fault', 1)).toBe(false);
    expect(shouldRetry(undefined, 'upstream', 1)).toBe(false);
  });
});

describe('RetryPolicySchema', () => {
  it('refuses more than 10 attempts, a backoff below 1 and a reason the engine does not know', () => {
    // Act
    const refused = [
      { maxAttempts: 11 },
      { maxAttempts: 3, backoffRate: 0.5 },
      { maxAttempts: 3, errors: ['fault'] },
      { maxAttempts: 3, jitter: 'half' },
    ].map((candidate) => RetryPolicySchema.safeParse(candidate).success);
    const accepted = RetryPolicySchema.safeParse({
      maxAttempts: 10,
      intervalSeconds: 2,
      backoffRate: 1.5,
      maxDelaySeconds: 60,
      jitter: 'full',
      errors: ['upstream', 'rate-limited'],
    }).success;
    // Assess
    expect(refused).toEqual([false, false, false, false]);
    expect(accepted).toBe(true);
  });
});
