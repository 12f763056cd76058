import { useEffect, useRef, type JSX } from 'react';
import { Alert } from '../ui/Alert.tsx';

export function SignedOut(props: {
  notice?: string | undefined;
  error?: string | undefined;
  onSignIn: () => void;
}): JSX.Element {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <main className="centered" data-state="ready" data-screen="signed-out">
      <div className="card">
        <h1>Studio</h1>
        <p>Build canvases of nodes, run them and watch them run.</p>
        {props.notice ? <p role="status">{props.notice}</p> : null}
        {props.error ? <Alert title="You are not signed in">{props.error}</Alert> : null}
        <button ref={button} type="button" className="primary" onClick={props.onSignIn}>
          Sign in
        </button>
      </div>
    </main>
  );
}
