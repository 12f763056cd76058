// Undo and redo as a command log: each user action is kept as its operations and their inverse. Undo
// sends the inverse as a new edit (the server has no undo), redo sends the operations again.
import type { CanvasOperation } from './types.ts';

export interface HistoryEntry {
  label: string;
  ops: CanvasOperation[];
  inverse: CanvasOperation[];
}

export interface History {
  undo: readonly HistoryEntry[];
  redo: readonly HistoryEntry[];
}

/** Enough for a session's work; older actions fall off so the log cannot grow without bound. */
export const HISTORY_LIMIT = 200;

export const emptyHistory: History = { undo: [], redo: [] };

/** A new action clears redo: the redone future would be built on a document that no longer exists. */
export function record(history: History, entry: HistoryEntry): History {
  if (entry.ops.length === 0) return history;
  return { undo: [...history.undo, entry].slice(-HISTORY_LIMIT), redo: [] };
}

/** The operations to send for an undo, and the history after it; null when there is nothing to undo. */
export function undo(history: History): { ops: CanvasOperation[]; entry: HistoryEntry; history: History } | null {
  const entry = history.undo.at(-1);
  if (!entry) return null;
  return { ops: entry.inverse, entry, history: { undo: history.undo.slice(0, -1), redo: [...history.redo, entry] } };
}

export function redo(history: History): { ops: CanvasOperation[]; entry: HistoryEntry; history: History } | null {
  const entry = history.redo.at(-1);
  if (!entry) return null;
  return { ops: entry.ops, entry, history: { undo: [...history.undo, entry], redo: history.redo.slice(0, -1) } };
}
