// Conflicts, refused edits and lost connections, in words, with what the person can do about them.
import type { JSX } from 'react';
import { useEditor, useEditorActions } from './editor-context.ts';

export function Notices(): JSX.Element | null {
  const actions = useEditorActions();
  const notice = useEditor((state) => state.session.notice);
  const saveState = useEditor((state) => state.session.saveState);
  if (!notice) return null;
  return (
    <div
      className={`canvas-notice notice-${notice.kind}`}
      role={notice.kind === 'info' ? 'status' : 'alert'}
      data-notice={notice.kind}
    >
      <p>{notice.text}</p>
      {saveState === 'failed' || saveState === 'offline' ? (
        <button type="button" onClick={actions.retrySave}>
          Retry saving
        </button>
      ) : null}
      <button type="button" onClick={actions.dismissNotice}>
        Dismiss
      </button>
    </div>
  );
}
