// The open canvas's run store, for the run panel and the nodes on the canvas. Outside a run provider
// (the editor's own tests) the nodes read an empty store and show no run.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ToolClient } from '../mcp/tools.ts';
import { noRun, type RunActions, type RunState, type RunStore } from './run-store.ts';

export interface RunContextValue {
  store: RunStore;
  actions: RunActions;
  canvasId: string;
  tools: ToolClient;
  /** Resolves once the editor's edits are saved, so a run or an endpoint is of what the person sees. */
  saveNow: () => Promise<void>;
}

export const RunContext = createContext<RunContextValue | null>(null);

const EMPTY: RunStore = createStore<RunState>(noRun);

export function useRun<T>(selector: (state: RunState) => T): T {
  return useStore(useContext(RunContext)?.store ?? EMPTY, selector);
}

export function useRunActions(): RunActions | null {
  return useContext(RunContext)?.actions ?? null;
}

export function useRunContext(): RunContextValue | null {
  return useContext(RunContext);
}
