// Waits until every edit of the open editor is saved (a run, or a webhook endpoint, is of the canvas as
// the person sees it). Saves go in batches, one in flight at a time, so flush until none is left.
import type { EditorActions, EditorStore } from './store.ts';

const SAVE_WAIT_MS = 15_000;

export async function saveEditorNow(
  editor: { store: EditorStore; actions: EditorActions },
  waitMs = SAVE_WAIT_MS,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (editor.actions.hasUnsavedEdits() || editor.store.getState().session.saveState === 'saving') {
    const state = editor.store.getState().session.saveState;
    if (state === 'failed' || state === 'offline')
      throw new Error(
        'The canvas has unsaved changes that could not be saved yet; the run would not include them. Retry saving first.',
      );
    if (Date.now() > deadline) throw new Error('Saving the canvas took too long; try again.');
    await editor.actions.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
