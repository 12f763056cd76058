import type { JSX, MouseEvent, ReactNode } from 'react';
import { navigate } from './router.ts';

/** A real link (open in a new tab works) that navigates in place on a plain click. */
export function Link(props: {
  to: string;
  children: ReactNode;
  className?: string;
  state?: Record<string, unknown>;
  current?: boolean;
}): JSX.Element {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.to, props.state ? { state: props.state } : {});
  };
  return (
    <a href={props.to} onClick={onClick} className={props.className} aria-current={props.current ? 'page' : undefined}>
      {props.children}
    </a>
  );
}
