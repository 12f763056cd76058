// The range the charts, the generations and the FOCUS export share: a preset, or two dates. The
// dates are inclusive days in UTC, as the ledger and the export count them.
import { useState, type FormEvent, type JSX } from 'react';
import { lastDayOf, lastDays, PRESETS, rangeFromInputs, type DayRange } from './range.ts';

export function RangePicker(props: { range: DayRange; onChange: (range: DayRange) => void }): JSX.Element {
  const [preset, setPreset] = useState<string>('30d');
  const [first, setFirst] = useState(props.range.from);
  const [last, setLast] = useState(lastDayOf(props.range));
  const [error, setError] = useState<string | undefined>();

  const choosePreset = (id: string) => {
    setPreset(id);
    const chosen = PRESETS.find((candidate) => candidate.id === id);
    if (!chosen) return;
    const range = lastDays(chosen.days, new Date());
    setFirst(range.from);
    setLast(lastDayOf(range));
    setError(undefined);
    props.onChange(range);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const range = rangeFromInputs(first, last);
    if ('error' in range) return setError(range.error);
    setError(undefined);
    setPreset('custom');
    props.onChange(range);
  };

  return (
    <form className="usage-range" onSubmit={apply} aria-label="Range">
      <label>
        Range
        <select value={preset} onChange={(event) => choosePreset(event.target.value)}>
          {PRESETS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
          <option value="custom">Dates…</option>
        </select>
      </label>
      <label>
        From
        <input
          type="date"
          value={first}
          onChange={(event) => setFirst(event.target.value)}
          aria-describedby="usage-range-note"
        />
      </label>
      <label>
        To
        <input
          type="date"
          value={last}
          onChange={(event) => setLast(event.target.value)}
          aria-describedby="usage-range-note"
        />
      </label>
      <button type="submit">Show</button>
      <p id="usage-range-note" className="muted">
        Days in UTC; both dates included.
      </p>
      {error ? (
        <p className="usage-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
