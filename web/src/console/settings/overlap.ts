// How long a replaced callback signing secret keeps signing (set_callback_signing_secret overlapSeconds,
// 0 to 7 days, default 1 day), and durations in words.

export const MAX_OVERLAP_SECONDS = 7 * 86_400;
export const DEFAULT_OVERLAP_SECONDS = 86_400;

export const OVERLAP_CHOICES: readonly { seconds: number; label: string }[] = [
  { seconds: 0, label: 'No overlap: the old secret stops now' },
  { seconds: 3_600, label: '1 hour' },
  { seconds: DEFAULT_OVERLAP_SECONDS, label: '1 day (default)' },
  { seconds: 3 * 86_400, label: '3 days' },
  { seconds: MAX_OVERLAP_SECONDS, label: '7 days (longest)' },
];

/** "2 days 3 hours", "45 minutes", "no time": the two largest units, for a glance. */
export function describeSeconds(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const parts: string[] = [];
  let rest = Math.max(0, Math.round(seconds));
  for (const [size, name] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
    if (parts.length === 2) break;
  }
  return parts.length === 0 ? 'no time' : parts.join(' ');
}

/** How long the previous secret still signs from `now`, in words, or undefined once it has stopped. */
export function overlapLeft(signsUntil: string, now: Date): string | undefined {
  const seconds = (Date.parse(signsUntil) - now.getTime()) / 1000;
  return seconds > 0 ? describeSeconds(seconds) : undefined;
}
