// How numbers and times read on the usage screen: whole credits with grouping, times in UTC (the
// ledger's and the export's days), quantities with at most two decimals.
const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export const formatCredits = (credits: number): string => whole.format(credits);

/** A signed change: "+500", "−12" (a real minus sign, read as "minus" by screen readers). */
export const formatChange = (credits: number): string =>
  credits > 0 ? `+${whole.format(credits)}` : credits < 0 ? `−${whole.format(-credits)}` : '0';

export const formatQuantity = (quantity: number, unit: string): string => `${decimal.format(quantity)} ${unit}`;

/** `2026-05-01 14:03 UTC`. */
export const formatTime = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
