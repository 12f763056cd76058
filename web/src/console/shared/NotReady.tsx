// What an admin screen (keys, members, settings…) shows before its data is there: ui/NotLoaded.tsx in the
// admin screens' frame.
import type { JSX } from 'react';
import { NotLoaded, type NotLoadedState } from '../../ui/NotLoaded.tsx';

export type NotReadyLoad = NotLoadedState;

export function NotReady(props: {
  screen: string;
  what: string;
  load: NotReadyLoad;
  onRetry: () => void;
}): JSX.Element {
  return (
    <NotLoaded
      className="admin-screen"
      screen={props.screen}
      load={props.load}
      what={props.what}
      onRetry={props.onRetry}
    />
  );
}
