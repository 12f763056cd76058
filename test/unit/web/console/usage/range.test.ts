import { describe, expect, it } from 'vitest';
import {
  addDays,
  contains,
  dayOf,
  daysOf,
  lastDayOf,
  lastDays,
  parseDay,
  rangeFromInputs,
} from '../../../../../web/src/console/usage/range.ts';

describe('usage range maths (UTC days, [from, to))', () => {
  it('takes the day of an instant in UTC, whatever the offset it was written with', () => {
    expect(dayOf('2026-05-01T23:30:00.000Z')).toBe('2026-05-01');
    expect(dayOf(new Date('2026-05-02T00:30:00+02:00'))).toBe('2026-05-01');
  });

  it('refuses dates that do not exist or are not dates', () => {
    expect(parseDay('2026-02-28')).toBe(Date.UTC(2026, 1, 28));
    expect(parseDay('2026-02-30')).toBeUndefined();
    expect(parseDay('2026-2-3')).toBeUndefined();
    expect(parseDay('')).toBeUndefined();
  });

  it('adds days across months and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('makes "last 7 days" end after today, so today counts', () => {
    const range = lastDays(7, new Date('2026-05-10T08:00:00Z'));
    expect(range).toEqual({ from: '2026-05-04', to: '2026-05-11' });
    expect(daysOf(range)).toEqual([
      '2026-05-04',
      '2026-05-05',
      '2026-05-06',
      '2026-05-07',
      '2026-05-08',
      '2026-05-09',
      '2026-05-10',
    ]);
    expect(lastDayOf(range)).toBe('2026-05-10');
  });

  it('reads the date fields as inclusive days and explains what it cannot use', () => {
    expect(rangeFromInputs('2026-05-01', '2026-05-01')).toEqual({ from: '2026-05-01', to: '2026-05-02' });
    expect(rangeFromInputs('2026-05-03', '2026-05-01')).toEqual({ error: 'The end date is before the start date.' });
    expect(rangeFromInputs('', '2026-05-01')).toEqual({ error: 'Choose a start date.' });
    expect(rangeFromInputs('2025-01-01', '2025-12-31')).toEqual({ from: '2025-01-01', to: '2026-01-01' });
    expect(rangeFromInputs('2024-01-01', '2024-12-31')).toEqual({
      error: 'Choose at most 365 days (this range has 366).',
    });
  });

  it('contains the first day and not the exclusive end', () => {
    const range = { from: '2026-05-01', to: '2026-05-03' };
    expect(contains(range, '2026-05-01T00:00:00.000Z')).toBe(true);
    expect(contains(range, '2026-05-02T23:59:59.999Z')).toBe(true);
    expect(contains(range, '2026-05-03T00:00:00.000Z')).toBe(false);
    expect(contains(range, '2026-04-30T23:59:59.999Z')).toBe(false);
  });
});
