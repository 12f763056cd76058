// What a screen or panel shows before its data is there: a status while it loads, or the failure in words
// with a way to try again — never a blank screen.
import type { JSX, ReactNode } from 'react';
import { Alert } from './Alert.tsx';

export type NotLoadedState = { state: 'loading' } | { state: 'error'; message: string };

export function NotLoaded(props: {
  load: NotLoadedState;
  /** What is loading, as the sentences say it: "keys" gives "Loading keys…", "The keys could not be loaded". */
  what: string;
  /** Other words while loading. @default `Loading ${what}…` */
  loading?: string;
  /** Other words for the failure's title. @default `The ${what} could not be loaded` */
  failed?: string;
  onRetry: () => void;
  screen?: string;
  className?: string;
  as?: 'div' | 'section';
  /** What stands above the status either way (the page's heading). */
  children?: ReactNode;
}): JSX.Element {
  const Frame = props.as ?? 'div';
  const { load } = props;
  if (load.state === 'loading') {
    return (
      <Frame className={props.className} data-screen={props.screen} data-state="loading" aria-busy="true">
        {props.children}
        <p role="status">{props.loading ?? `Loading ${props.what}…`}</p>
      </Frame>
    );
  }
  return (
    <Frame className={props.className} data-screen={props.screen} data-state="error">
      {props.children}
      <RetryAlert title={props.failed ?? `The ${props.what} could not be loaded`} onRetry={props.onRetry}>
        {load.message}
      </RetryAlert>
    </Frame>
  );
}

/** A load that failed, in words, with "Try again". */
export function RetryAlert(props: { title: string; onRetry: () => void; children: ReactNode }): JSX.Element {
  return (
    <Alert
      title={props.title}
      action={
        <button type="button" onClick={props.onRetry}>
          Try again
        </button>
      }
    >
      {props.children}
    </Alert>
  );
}
