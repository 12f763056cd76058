// Undo, redo, auto-layout, zoom to fit and delete, with the save state beside them.
import type { JSX } from 'react';
import { useReactFlow } from '@xyflow/react';
import { useEditor, useEditorActions } from './editor-context.ts';
import type { SaveState } from './session.ts';

const SAVE_TEXT: Record<SaveState, string> = {
  loading: 'Loading…',
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  offline: 'Not saved yet (retrying)',
  failed: 'Saving paused',
};

export function Toolbar(): JSX.Element {
  const actions = useEditorActions();
  const flow = useReactFlow();
  const undoLabel = useEditor((state) => state.history.undo.at(-1)?.label);
  const redoLabel = useEditor((state) => state.history.redo.at(-1)?.label);
  const saveState = useEditor((state) => state.session.saveState);
  const readOnly = useEditor((state) => state.session.readOnly);
  const version = useEditor((state) => state.session.version);
  const hasSelection = useEditor(
    (state) => state.selectedNodeIds.length > 0 || state.edges.some((edge) => edge.selected),
  );
  return (
    <div className="canvas-toolbar" role="toolbar" aria-label="Canvas tools">
      <button
        type="button"
        onClick={actions.undo}
        disabled={readOnly || !undoLabel}
        title="Ctrl+Z"
        aria-keyshortcuts="Control+Z"
      >
        {undoLabel ? `Undo ${undoLabel.toLowerCase()}` : 'Undo'}
      </button>
      <button
        type="button"
        onClick={actions.redo}
        disabled={readOnly || !redoLabel}
        title="Ctrl+Shift+Z"
        aria-keyshortcuts="Control+Shift+Z"
      >
        {redoLabel ? `Redo ${redoLabel.toLowerCase()}` : 'Redo'}
      </button>
      <button type="button" onClick={actions.autoLayout} disabled={readOnly}>
        Auto-layout
      </button>
      <button type="button" onClick={() => void flow.fitView({ padding: 0.1, maxZoom: 1, duration: 200 })}>
        Zoom to fit
      </button>
      <button type="button" onClick={actions.deleteSelection} disabled={readOnly || !hasSelection}>
        Delete selected
      </button>
      <span className="canvas-save-state" data-save-state={saveState}>
        {SAVE_TEXT[saveState]} · version {version}
      </span>
    </div>
  );
}
