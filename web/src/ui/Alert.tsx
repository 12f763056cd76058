import type { JSX, ReactNode } from 'react';

/** An error in words, announced to screen readers; `action` offers the way out (retry, sign in). */
export function Alert(props: { title: string; children?: ReactNode; action?: ReactNode }): JSX.Element {
  return (
    <div className="alert" role="alert">
      <p className="alert-title">{props.title}</p>
      {props.children ? <div className="alert-body">{props.children}</div> : null}
      {props.action ? <div className="alert-action">{props.action}</div> : null}
    </div>
  );
}
