// bench figures: sums and differences of counters, and how the report prints them.
export const sum = (record: Record<string, number>) => Object.values(record).reduce((total, value) => total + value, 0);
export const diff = (after: Record<string, number>, before: Record<string, number>) => {
  const out: Record<string, number> = {};
  for (const key of new Set([...Object.keys(after), ...Object.keys(before)])) {
    const value = (after[key] ?? 0) - (before[key] ?? 0);
    if (value) out[key] = value;
  }
  return out;
};
export const add = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [key, value] of Object.entries(from)) into[key] = (into[key] ?? 0) + value;
};
/** Only the keys starting with `prefix` (e.g. `request `), prefix removed. */
export const scoped = (record: Record<string, number>, prefix: string) =>
  Object.fromEntries(
    Object.entries(record).flatMap(([key, value]) =>
      key.startsWith(prefix) ? [[key.slice(prefix.length), value]] : [],
    ),
  );
export const per = (record: Record<string, number>, n: number) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key} ${+(value / n).toFixed(2)}`)
    .join(', ') || 'none';
export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
export const ms = (from?: string | null, to?: string | null) => (from && to ? Date.parse(to) - Date.parse(from) : NaN);
/** The rule between the report's sections. */
export const line = '─'.repeat(118);
