// A secret the service answers once (a new API key, an invite link, a callback signing secret): shown
// with a copy button and a plain warning, held only in this component's props, so leaving the page or
// pressing Done forgets it for good. Focus moves here so a keyboard or screen-reader user lands on it.
import { useEffect, useId, useRef, useState, type JSX, type ReactNode } from 'react';
import './secret-once.css';

export function SecretOnce(props: {
  title: string;
  label: string;
  value: string;
  warning: ReactNode;
  children?: ReactNode;
  onDone: () => void;
}): JSX.Element {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => heading.current?.focus(), []);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopy('copied');
    } catch {
      // No clipboard permission (or an insecure origin): leave it selected for Ctrl+C.
      field.current?.select();
      setCopy('failed');
    }
  };

  return (
    <section className="secret-once" aria-labelledby={`${id}-title`} data-testid="secret-once">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {props.title}
      </h2>
      <p className="secret-warning">
        <strong>Shown only now.</strong> {props.warning}
      </p>
      <label htmlFor={`${id}-value`}>{props.label}</label>
      <div className="secret-row">
        <input
          id={`${id}-value`}
          ref={field}
          className="secret-value"
          value={props.value}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="primary" onClick={() => void onCopy()}>
          Copy
        </button>
      </div>
      <p className="secret-copy" role="status" aria-live="polite">
        {copy === 'copied'
          ? 'Copied to the clipboard.'
          : copy === 'failed'
            ? 'Could not copy: it is selected, press Ctrl+C (⌘C) to copy it.'
            : ''}
      </p>
      {props.children}
      <button type="button" onClick={props.onDone}>
        Done, I have stored it
      </button>
    </section>
  );
}
