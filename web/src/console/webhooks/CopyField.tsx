// A value to paste elsewhere (a URL, a secret) with a copy button; the result is said in a polite live
// region next to the button, so a screen-reader user hears "Copied" too.
import { useState, type JSX } from 'react';

export function CopyField(props: {
  label: string;
  value: string /** The button's accessible name, when the label alone is ambiguous. */;
  copyName?: string;
}): JSX.Element {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      // The button just pressed names what was copied; the confirmation stays short enough for its column.
      setSaid('Copied');
    } catch {
      setSaid('Not copied: select the text and copy it');
    }
  };
  return (
    <div className="hooks-copy">
      <span className="hooks-copy-label">{props.label}</span>
      <code className="hooks-copy-value">{props.value}</code>
      <button type="button" onClick={() => void copy()} aria-label={props.copyName ?? `Copy ${props.label}`}>
        Copy
      </button>
      <span className="hooks-copied" role="status" aria-live="polite">
        {said}
      </span>
    </div>
  );
}
