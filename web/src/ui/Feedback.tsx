// How a screen answers a change: a failure in words until dismissed, and what was done, announced to
// screen readers without moving the focus.
import type { JSX } from 'react';
import { Alert } from './Alert.tsx';

export function ErrorNotice(props: { message: string | undefined; onDismiss: () => void }): JSX.Element | null {
  if (!props.message) return null;
  return (
    <Alert
      title="That did not work"
      action={
        <button type="button" onClick={props.onDismiss}>
          Dismiss
        </button>
      }
    >
      {props.message}
    </Alert>
  );
}

export function Announcement(props: { text: string }): JSX.Element {
  return (
    <p className="sr-only" role="status" aria-live="polite">
      {props.text}
    </p>
  );
}
