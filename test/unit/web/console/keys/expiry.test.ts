import { describe, expect, it } from 'vitest';
import {
  dateInputValue,
  describeExpiry,
  earliestDate,
  expiresInDays,
  expiryOf,
  latestDate,
  parseDateInput,
} from '../../../../../web/src/console/keys/expiry.ts';

// Local time: the picker's dates are the person's calendar days.
const now = new Date(2026, 2, 10, 15, 30);

describe('key expiry', () => {
  it('sends the preset days, or none for a key that never expires', () => {
    expect(expiresInDays({ kind: 'days', days: 30 }, now)).toEqual({ days: 30 });
    expect(expiresInDays({ kind: 'never' }, now)).toEqual({ days: undefined });
    expect(expiresInDays({ kind: 'days', days: 0 }, now)).toEqual({ problem: 'Choose between 1 and 365 days.' });
    expect(expiresInDays({ kind: 'days', days: 366 }, now)).toEqual({ problem: 'Choose between 1 and 365 days.' });
  });

  it('turns "the last day it works" into days that cover the whole of that day', () => {
    expect(expiresInDays({ kind: 'date', date: '2026-03-11' }, now)).toEqual({ days: 2 });
    const days = (expiresInDays({ kind: 'date', date: '2026-04-10' }, now) as { days: number }).days;
    expect(expiryOf(days, now).getTime()).toBeGreaterThan(new Date(2026, 3, 10, 23, 59).getTime());
  });

  it('refuses today, the past, past the service limit and non-dates', () => {
    expect(expiresInDays({ kind: 'date', date: '2026-03-10' }, now)).toEqual({ problem: 'Choose a day after today.' });
    expect(expiresInDays({ kind: 'date', date: '2026-03-01' }, now)).toEqual({ problem: 'Choose a day after today.' });
    expect(expiresInDays({ kind: 'date', date: dateInputValue(latestDate(now)) }, now)).toEqual({ days: 365 });
    const dayAfterLatest = new Date(latestDate(now).getTime());
    dayAfterLatest.setDate(dayAfterLatest.getDate() + 1);
    expect(expiresInDays({ kind: 'date', date: dateInputValue(dayAfterLatest) }, now)).toEqual({
      problem: 'Choose a day within 364 days from today.',
    });
    expect(expiresInDays({ kind: 'date', date: '' }, now)).toEqual({
      problem: 'Enter the last day the key should work.',
    });
    expect(parseDateInput('2026-02-30')).toBeUndefined();
  });

  it('keeps the date input’s bounds consistent with the sums', () => {
    expect(dateInputValue(earliestDate(now))).toBe('2026-03-11');
    expect(expiresInDays({ kind: 'date', date: dateInputValue(earliestDate(now)) }, now)).toEqual({ days: 2 });
  });

  it('words an expiry relative to now', () => {
    expect(describeExpiry(null, now)).toBe('never expires');
    expect(describeExpiry(new Date(2026, 2, 10, 20).toISOString(), now)).toBe('expires today');
    expect(describeExpiry(new Date(2026, 2, 11, 9).toISOString(), now)).toBe('expires tomorrow');
    expect(describeExpiry(new Date(2026, 3, 9, 15, 30).toISOString(), now)).toBe('expires in 30 days');
    expect(describeExpiry(new Date(2026, 2, 10, 9).toISOString(), now)).toBe('expired today');
    expect(describeExpiry(new Date(2026, 2, 7, 9).toISOString(), now)).toBe('expired 3 days ago');
  });
});
