// Before a run, a generation node says what it will cost: about N credits per run (estimate_canvas_cost,
// at most what a run is charged), or what the cost depends on; and what its last run here was charged.
import type { JSX } from 'react';
import type { CanvasNode } from '../canvas/types.ts';
import { useEditor } from '../canvas/editor-context.ts';
import { METERED_NODE_TYPES } from './run-store.ts';
import { useRun, useRunContext } from './run-context.ts';
import { estimateText, useNodeEstimate } from './cost-estimate.ts';

export function NodeCost(props: { node: CanvasNode }): JSX.Element | null {
  const metered = METERED_NODE_TYPES.has(props.node.type);
  const run = useRunContext();
  const version = useEditor((state) => state.session.version);
  const estimate = useNodeEstimate(run?.tools, run?.canvasId, version, props.node.id, metered);
  const lastCharge = useRun((state) => state.lastCharges[props.node.id]);
  const running = useRun((state) => state.current?.nodes[props.node.id] !== undefined);
  if (!metered || running) return null;
  return (
    <p
      className="node-cost"
      data-testid="node-cost"
      {...(estimate?.credits != null ? { 'data-estimate': String(estimate.credits) } : {})}
    >
      {estimateText(estimate, lastCharge)}
    </p>
  );
}
