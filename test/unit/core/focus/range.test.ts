// unit: the from/to range of the FOCUS routes — ISO 8601 UTC, bare dates at midnight UTC, `to`
// exclusive, from < to, at most 365 days.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import { MAX_EXPORT_DAYS, parseInstant, parseRange } from '#core/focus/range';

describe('parseRange', () => {
  it('reads a bare date as midnight UTC', () => {
    expect(parseInstant('from', '2026-05-01').toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });

  it.each([
    ['2026-05-01T12:30:00Z', '2026-05-01T12:30:00.000Z'],
    ['2026-05-01T12:30Z', '2026-05-01T12:30:00.000Z'],
    ['2026-05-01T12:30:15.5Z', '2026-05-01T12:30:15.500Z'],
    ['2026-05-01T12:30:00', '2026-05-01T12:30:00.000Z'],
    ['2026-05-01T14:30:00+02:00', '2026-05-01T12:30:00.000Z'],
    ['2026-05-01T07:30:00-0500', '2026-05-01T12:30:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseInstant('from', text).toISOString()).toBe(iso);
  });

  it.each(['', 'yesterday', '2026-02-30', '2026-13-01', '2026-05-01T24:00:00Z', '1714521600', '2026-05-01 00:00:00Z'])(
    'refuses %j',
    (text) => {
      expect(() => parseInstant('from', text)).toThrow(ValidationError);
    },
  );

  it('accepts exactly 365 days and refuses 366 (a whole leap year)', () => {
    // Act
    const year = parseRange({ from: '2025-01-01', to: '2026-01-01' });
    // Assess
    expect((year.to.getTime() - year.from.getTime()) / 86_400_000).toBe(MAX_EXPORT_DAYS);
    expect(() => parseRange({ from: '2028-01-01', to: '2029-01-01' })).toThrow(/at most 365 days/);
    expect(() => parseRange({ from: '2025-01-01', to: '2026-01-01T00:00:01Z' })).toThrow(ValidationError);
  });

  it('refuses from >= to and a missing bound', () => {
    expect(() => parseRange({ from: '2026-05-01', to: '2026-05-01' })).toThrow(/from must be before to/);
    expect(() => parseRange({ from: '2026-05-02', to: '2026-05-01' })).toThrow(ValidationError);
    expect(() => parseRange({ to: '2026-05-01' })).toThrow(/from is required/);
    expect(() => parseRange({ from: '2026-05-01' })).toThrow(/to is required/);
  });
});
