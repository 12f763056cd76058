// Where the FOCUS routes live and what the file is called: plain functions, tested without a browser.
import { lastDayOf, type DayRange } from './range.ts';

export type FocusFormat = 'csv' | 'jsonl';

export function focusUrl(
  kind: 'export' | 'metadata',
  input: { workspaceId: string; range: DayRange; format?: FocusFormat },
  origin: string,
): string {
  const url = new URL(`/api/billing/focus-${kind}`, origin);
  url.searchParams.set('workspaceId', input.workspaceId);
  url.searchParams.set('from', input.range.from);
  url.searchParams.set('to', input.range.to);
  if (kind === 'export') url.searchParams.set('format', input.format ?? 'csv');
  return url.href;
}

/** `focus-2026-05-01_2026-05-07.csv`: the range in the name, since a person downloads several. */
export function focusFileName(range: DayRange, format: FocusFormat): string {
  return `focus-${range.from}_${lastDayOf(range)}.${format}`;
}
