// core: the `from`/`to` range of the FOCUS routes. ISO 8601 in UTC: a bare date (`2026-05-01`) means
// midnight UTC; a date-time may carry `Z` or a numeric offset (converted to UTC) and, without either, is
// read as UTC. `from` is inclusive, `to` exclusive; `from < to`; the window is at most 365 days
// (365 × 24 h: a 366-day window, such as a whole leap year, is refused — split it in two).
import { ValidationError } from '../errors.ts';

export const MAX_EXPORT_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A validated range: `from` inclusive, `to` exclusive, both instants in UTC. */
export interface FocusRange {
  readonly from: Date;
  readonly to: Date;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Parses one bound; throws a ValidationError naming the parameter. */
export function parseInstant(name: string, text: string | undefined): Date {
  if (text === undefined || text === '')
    throw new ValidationError(
      `${name} is required: an ISO 8601 date (2026-05-01, midnight UTC) or date-time (2026-05-01T12:00:00Z)`,
    );
  const date = DATE_ONLY.exec(text);
  const time = date ? undefined : DATE_TIME.exec(text);
  if (!date && !time)
    throw new ValidationError(
      `${name} must be an ISO 8601 date (2026-05-01) or date-time in UTC (2026-05-01T12:00:00Z); got "${text}"`,
    );
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = (date ?? time)!;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, Math.floor(Number(`0${fraction || '.0'}`) * 1000));
  const check = new Date(utc);
  // Date.UTC rolls 2026-02-30 over to March; a calendar date that does not exist is refused instead.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw new ValidationError(`${name} is not a real date or time: "${text}"`);
  }
  return new Date(utc - offsetMs(zone));
}

function offsetMs(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes * 60 * 1000;
}

/** Validates a whole range: both bounds, `from < to`, at most 365 days. */
export function parseRange(input: { from?: string; to?: string }): FocusRange {
  const from = parseInstant('from', input.from);
  const to = parseInstant('to', input.to);
  if (from.getTime() >= to.getTime())
    throw new ValidationError(
      `from must be before to (to is exclusive); got from ${from.toISOString()}, to ${to.toISOString()}`,
    );
  if (to.getTime() - from.getTime() > MAX_EXPORT_DAYS * DAY_MS) {
    throw new ValidationError(
      `The range may span at most ${MAX_EXPORT_DAYS} days; ${from.toISOString()} to ${to.toISOString()} is longer: split it`,
    );
  }
  return { from, to };
}
