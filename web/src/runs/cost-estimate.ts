// What each generation node of the open canvas costs per run, before it runs: estimate_canvas_cost,
// asked once per saved canvas version (not once per node) and shared by the nodes that show it. The
// server prices it from the same price list and model contracts the charge uses.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ToolClient, ToolOutput } from '../mcp/tools.ts';

export type CanvasCostEstimate = ToolOutput<'estimate_canvas_cost'>;
export type NodeCostEstimate = CanvasCostEstimate['nodes'][number];

interface EstimateState {
  /** The latest estimate answered, per canvas (kept while a newer version is asked for). */
  byCanvas: Record<string, { version: number; nodes: Record<string, NodeCostEstimate> }>;
}

const store = createStore<EstimateState>(() => ({ byCanvas: {} }));
const asked = new Map<string, number>();

/** Asks for the estimate of `canvasId` at `version`, once; a failure leaves the last estimate shown. */
export function requestEstimate(tools: ToolClient, canvasId: string, version: number): void {
  if (version <= 0 || (asked.get(canvasId) ?? -1) >= version) return;
  asked.set(canvasId, version);
  tools
    .call('estimate_canvas_cost', { canvasId })
    .then((answer) => {
      const known = store.getState().byCanvas[canvasId];
      if (known && known.version > answer.canvasVersion) return;
      const nodes = Object.fromEntries(answer.nodes.map((node) => [node.nodeId, node]));
      store.setState((state) => ({
        byCanvas: { ...state.byCanvas, [canvasId]: { version: answer.canvasVersion, nodes } },
      }));
    })
    .catch(() => {
      // Advice, not a gate: ask again at the next version.
      if (asked.get(canvasId) === version) asked.delete(canvasId);
    });
}

/** The estimate of one node, asked for (once per version) when a node that shows it mounts or the version moves. */
export function useNodeEstimate(
  tools: ToolClient | undefined,
  canvasId: string | undefined,
  version: number,
  nodeId: string,
  enabled: boolean,
): NodeCostEstimate | undefined {
  useEffect(() => {
    if (enabled && tools && canvasId) requestEstimate(tools, canvasId, version);
  }, [enabled, tools, canvasId, version]);
  return useStore(store, (state) => (canvasId ? state.byCanvas[canvasId]?.nodes[nodeId] : undefined));
}

/** The words a node shows before a run. */
export function estimateText(estimate: NodeCostEstimate | undefined, lastCharge: number | undefined): string {
  const last = lastCharge !== undefined ? ` · last run charged ${lastCharge}` : '';
  if (!estimate)
    return lastCharge !== undefined
      ? `Costs credits: last run charged ${lastCharge}`
      : 'Costs credits per run (charged when it runs)';
  if (estimate.credits !== null) return `About ${estimate.credits} credits per run${last}`;
  return `Costs credits per run: ${estimate.reason ?? 'known when it runs'}${last}`;
}
