// What an admin screen (keys, members, settings) shows before its data is there: a status while it
// loads, or the failure in words with a way to try again — never a blank screen.
import type { JSX } from 'react';
import { Alert } from '../../ui/Alert.tsx';

export type NotReadyLoad = { state: 'loading' } | { state: 'error'; message: string };

export function NotReady(props: {
  screen: string;
  what: string;
  load: NotReadyLoad;
  onRetry: () => void;
}): JSX.Element {
  if (props.load.state === 'loading') {
    return (
      <div className="admin-screen" data-screen={props.screen} data-state="loading" aria-busy="true">
        <p role="status">Loading {props.what}…</p>
      </div>
    );
  }
  return (
    <div className="admin-screen" data-screen={props.screen} data-state="error">
      <Alert
        title={`The ${props.what} could not be loaded`}
        action={
          <button type="button" onClick={props.onRetry}>
            Try again
          </button>
        }
      >
        {props.load.message}
      </Alert>
    </div>
  );
}
