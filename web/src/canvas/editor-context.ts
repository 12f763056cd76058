// The open editor's store and actions, for the components inside it.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { EditorActions, EditorState, EditorStore } from './store.ts';

export const EditorContext = createContext<{ store: EditorStore; actions: EditorActions } | null>(null);

function useEditorContext() {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('Canvas editor components must be inside <CanvasEditor>');
  return editor;
}

/** A narrow slice of the editor state; the component re-renders only when the slice changes. */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorContext().store, selector);
}

export function useEditorActions(): EditorActions {
  return useEditorContext().actions;
}
