// Before a run, a generation node says that it costs credits and what its last run here was charged.
// No tool answers a price estimate yet (docs/studio.md, Runs), so the last charge is the best guide.
import type { JSX } from 'react';
import type { CanvasNode } from '../canvas/types.ts';
import { METERED_NODE_TYPES } from './run-store.ts';
import { useRun } from './run-context.ts';

export function NodeCost(props: { node: CanvasNode }): JSX.Element | null {
  const lastCharge = useRun((state) => state.lastCharges[props.node.id]);
  const running = useRun((state) => state.current?.nodes[props.node.id] !== undefined);
  if (!METERED_NODE_TYPES.has(props.node.type) || running) return null;
  return (
    <p className="node-cost" data-testid="node-cost">
      {lastCharge !== undefined ? `Costs credits: last run charged ${lastCharge}` : 'Costs credits per run (charged when it runs)'}
    </p>
  );
}
