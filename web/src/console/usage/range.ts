// Range maths for the usage screen, all in UTC days: the ledger, the FOCUS routes and their recency
// sectors count days in UTC, so the chart's days must be the same ones whatever the browser's zone.
// A range is [from, to): `from` inclusive, `to` exclusive, like the FOCUS routes.

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The FOCUS routes refuse longer windows (functions/core/focus/range.ts). */
export const MAX_RANGE_DAYS = 365;

export interface DayRange {
  /** First day, `YYYY-MM-DD` (UTC), inclusive. */
  readonly from: string;
  /** Day after the last, `YYYY-MM-DD` (UTC), exclusive. */
  readonly to: string;
}

export const PRESETS = [
  { id: '7d', label: 'Last 7 days', days: 7 },
  { id: '30d', label: 'Last 30 days', days: 30 },
  { id: '90d', label: 'Last 90 days', days: 90 },
] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` of the UTC day an instant falls in. */
export function dayOf(instant: Date | number | string): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** Midnight UTC of a `YYYY-MM-DD`, or undefined for anything that is not a real calendar date. */
export function parseDay(text: string): number | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2026-02-30 into March; such a date does not exist.
  return dayOf(ms) === text ? ms : undefined;
}

export const addDays = (day: string, days: number): string => dayOf(parseDay(day)! + days * DAY_MS);

/** The last `days` whole UTC days up to and including today. */
export function lastDays(days: number, now: Date): DayRange {
  const to = addDays(dayOf(now), 1);
  return { from: addDays(to, -days), to };
}

/**
 * A range from the date fields a person filled in, where `last` is the last day they want included
 * (people think in inclusive days; the routes take an exclusive end). Returns a sentence when it cannot be used.
 */
export function rangeFromInputs(first: string, last: string): DayRange | { error: string } {
  const from = parseDay(first);
  const end = parseDay(last);
  if (from === undefined) return { error: 'Choose a start date.' };
  if (end === undefined) return { error: 'Choose an end date.' };
  if (end < from) return { error: 'The end date is before the start date.' };
  const days = (end - from) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) return { error: `Choose at most ${MAX_RANGE_DAYS} days (this range has ${days}).` };
  return { from: first, to: addDays(last, 1) };
}

/** The last day included, for showing and for filling the "to" field back in. */
export const lastDayOf = (range: DayRange): string => addDays(range.to, -1);

/** Every day of the range, in order. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day < range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether an ISO instant falls inside the range. */
export function contains(range: DayRange, occurredAt: string): boolean {
  const day = dayOf(occurredAt);
  return day >= range.from && day < range.to;
}
