// Upload progress as a person reads it: whole percents that reach 100 only when every byte is sent,
// and sizes in the units a file manager uses.

/** Whole percent of `loaded` out of `total`, clamped to 0–100; 99 until the last byte is counted. */
export function percent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  if (loaded >= total) return 100;
  return Math.max(0, Math.min(99, Math.floor((loaded / total) * 100)));
}

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** 1 KB = 1000 bytes, as browsers' download lists and most file managers show sizes. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${UNITS[unit]}`;
}

/** What the progress bar says: "42 % — 4.2 MB of 10 MB". */
export function progressText(loaded: number, total: number): string {
  return `${percent(loaded, total)} % — ${formatBytes(Math.min(loaded, total))} of ${formatBytes(total)}`;
}
