import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OVERLAP_SECONDS as SERVICE_DEFAULT,
  MAX_OVERLAP_SECONDS as SERVICE_MAX,
} from '../../../../../functions/core/outbound/callback-secrets.ts';
import {
  DEFAULT_OVERLAP_SECONDS,
  MAX_OVERLAP_SECONDS,
  OVERLAP_CHOICES,
  describeSeconds,
  overlapLeft,
} from '../../../../../web/src/console/settings/overlap.ts';

describe('callback secret overlap', () => {
  it('offers only overlaps the service accepts, its default among them', () => {
    expect([DEFAULT_OVERLAP_SECONDS, MAX_OVERLAP_SECONDS]).toEqual([SERVICE_DEFAULT, SERVICE_MAX]);
    for (const choice of OVERLAP_CHOICES) {
      expect(choice.seconds).toBeGreaterThanOrEqual(0);
      expect(choice.seconds).toBeLessThanOrEqual(SERVICE_MAX);
    }
    expect(OVERLAP_CHOICES.map((choice) => choice.seconds)).toContain(SERVICE_DEFAULT);
  });

  it('words durations with their two largest units', () => {
    expect(describeSeconds(0)).toBe('no time');
    expect(describeSeconds(1)).toBe('1 second');
    expect(describeSeconds(3_600)).toBe('1 hour');
    expect(describeSeconds(86_400 * 2 + 3_600 * 3 + 59)).toBe('2 days 3 hours');
    expect(describeSeconds(86_400 + 61)).toBe('1 day 1 minute');
  });

  it('tells how long the previous secret still signs, and nothing once it stopped', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(overlapLeft('2026-03-11T12:00:00Z', now)).toBe('1 day');
    expect(overlapLeft('2026-03-10T11:59:59Z', now)).toBeUndefined();
  });
});
