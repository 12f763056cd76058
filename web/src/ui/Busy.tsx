import type { JSX } from 'react';

/** A whole-page wait with words, so a slow sign-in never looks like a blank page. */
export function Busy(props: { label: string }): JSX.Element {
  return (
    <main className="centered" data-state="loading" aria-busy="true">
      <p className="busy" role="status">
        {props.label}
      </p>
    </main>
  );
}
