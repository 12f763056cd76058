// core: how a branch not taken travels through a run. A branch node (if, switch) puts PORT_NOT_TAKEN
// on the output ports it does not take; the engine records those as the node's `untakenPorts` and
// the edges leaving them carry nothing. A node whose upstream nodes have all finished then either runs
// on the edges that carry something, or is skipped:
//
//   an upstream node not finished yet ─────────────────────────────► wait (a later visit)
//   every incoming edge from a skipped node or an untaken port ────► skipped
//   otherwise ─► runs, its inputs from the edges that carry something, in edge order
//
// so a skip spreads downstream node by node, and a merge runs on whatever of its inputs arrived.
// A skipped node is finished, not failed: the run still succeeds.
import type { CanvasEdge } from '../canvas/model.ts';
import { ERROR_OUT } from '../canvas/failure-handling.ts';
import type { Execution, NodeRunState, PortValue } from './model.ts';

/** The value a branch executor puts on an output port it does not take. Never stored. */
export const PORT_NOT_TAKEN: unique symbol = Symbol('port not taken');

/** Splits an executor's outputs into what its ports carry and the ports it did not take. */
export function takenOutputs(outputs: Record<string, PortValue>): {
  outputs: Record<string, PortValue>;
  untaken: string[];
} {
  const taken: Record<string, PortValue> = {};
  const untaken: string[] = [];
  for (const [port, value] of Object.entries(outputs)) {
    if (value === PORT_NOT_TAKEN) untaken.push(port);
    else taken[port] = value;
  }
  return { outputs: taken, untaken };
}

/** The edges of `incoming` that carry a value, in edge order. */
export function carryingEdges(incoming: readonly CanvasEdge[], execution: Execution): CanvasEdge[] {
  return incoming.filter((edge) => carries(edge, execution));
}

/**
 * Whether a node is done as far as the nodes after it go: succeeded, skipped, or failed with its error
 * sent on error-out (its ports carry like a succeeded node's: error-out taken, the others not).
 */
export function settled(state: Pick<NodeRunState, 'status' | 'errorRouted'> | undefined): boolean {
  return (
    state?.status === 'succeeded' || state?.status === 'skipped' || (state?.status === 'failed' && !!state.errorRouted)
  );
}

/**
 * Whether `edge` carries a value: its source produced outputs and took the edge's port. An error
 * output carries only the error of a node that failed for good (failure-routing.ts): a node that
 * succeeded never takes it, without listing it among its untaken ports.
 */
function carries(edge: CanvasEdge, execution: Execution): boolean {
  const source = execution.nodes[edge.source];
  if (!settled(source) || source!.status === 'skipped') return false;
  if (edge.sourceHandle === ERROR_OUT) return source!.errorRouted === true;
  return !source!.untakenPorts?.includes(edge.sourceHandle);
}

const finished = (edge: CanvasEdge, execution: Execution) => settled(execution.nodes[edge.source]);

export type Arrival =
  /** An upstream node has not finished yet. */
  | { kind: 'not-yet' }
  | { kind: 'skip'; reason: string }
  /** `live`: the incoming edges that carry a value, in edge order. */
  | { kind: 'run'; live: CanvasEdge[] };

/** What the node does now, given its incoming edges (in edge order); O(incoming edges). */
export function arrivalAt(incoming: readonly CanvasEdge[], execution: Execution): Arrival {
  if (!incoming.every((edge) => finished(edge, execution))) return { kind: 'not-yet' };
  const live = carryingEdges(incoming, execution);
  if (live.length === incoming.length) return { kind: 'run', live };
  if (live.length === 0) return { kind: 'skip', reason: 'every input comes from a branch not taken' };
  return { kind: 'run', live };
}
