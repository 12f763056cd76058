// Key expiry in days, as create_api_key takes it (expiresInDays 1–365, or none), and the words a
// list shows for an expiry. Dates are calendar days in the person's own time zone: "until 31 March"
// means the key still works on 31 March.

export const MIN_DAYS = 1;
export const MAX_DAYS = 365;
const DAY_MS = 86_400_000;

export type ExpiryChoice = { kind: 'days'; days: number } | { kind: 'date'; date: string } | { kind: 'never' };

export const EXPIRY_PRESETS: readonly { value: string; label: string; days: number | null }[] = [
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
  { value: 'never', label: 'Never', days: null },
];

/** Local midnight of a `YYYY-MM-DD` date input value; undefined for anything else. */
export function parseDateInput(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getMonth() === Number(match[2]) - 1 ? date : undefined;
}

/** `YYYY-MM-DD` of a date in local time, for a date input's value, min and max. */
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Calendar days from today to `date` (local), so DST days count as one. */
function calendarDaysBetween(today: Date, date: Date): number {
  const utc = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((utc(date) - utc(today)) / DAY_MS);
}

/**
 * The expiresInDays to send, or a problem in words. A date means "works through that day": the
 * service counts days from now, so a key made today "until tomorrow" gets 2 days rather than expiring
 * at this time tomorrow, hours early.
 */
export function expiresInDays(choice: ExpiryChoice, now: Date): { days: number | undefined } | { problem: string } {
  if (choice.kind === 'never') return { days: undefined };
  if (choice.kind === 'days') {
    if (!Number.isInteger(choice.days) || choice.days < MIN_DAYS || choice.days > MAX_DAYS)
      return { problem: `Choose between ${MIN_DAYS} and ${MAX_DAYS} days.` };
    return { days: choice.days };
  }
  const date = parseDateInput(choice.date);
  if (!date) return { problem: 'Enter the last day the key should work.' };
  const days = calendarDaysBetween(now, date) + 1;
  if (days < MIN_DAYS + 1) return { problem: 'Choose a day after today.' };
  if (days > MAX_DAYS) return { problem: `Choose a day within ${MAX_DAYS - 1} days from today.` };
  return { days };
}

/** The latest date the picker allows (the service's 365 days, counting today). */
export const latestDate = (now: Date): Date =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() + MAX_DAYS - 1);
export const earliestDate = (now: Date): Date => new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);

/** When a key with `days` made now stops working, as the service will compute it. */
export const expiryOf = (days: number, now: Date): Date => new Date(now.getTime() + days * DAY_MS);

/** "expires in 29 days", "expires today", "expired 3 days ago", "never expires". */
export function describeExpiry(expiresAt: string | null, now: Date): string {
  if (expiresAt === null) return 'never expires';
  const at = new Date(expiresAt);
  const days = calendarDaysBetween(now, at);
  if (at.getTime() <= now.getTime()) {
    const ago = -days;
    return ago <= 0 ? 'expired today' : ago === 1 ? 'expired yesterday' : `expired ${ago} days ago`;
  }
  return days <= 0 ? 'expires today' : days === 1 ? 'expires tomorrow' : `expires in ${days} days`;
}
