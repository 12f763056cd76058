// core: the order of one engine step — the frozen graph as adjacency lists, and the order the step
// visits its nodes in (each once, upstream first, O(nodes + edges)). engine.ts runs them.
import type { CanvasEdge, CanvasNode } from '../canvas/model.ts';
import type { Execution, FrozenGraph } from './model.ts';
import { settled } from './skipping.ts';

/** The frozen graph as adjacency lists, built once per step so no node ever scans the edge list. */
export interface Wiring {
  /** node id → the edges into it, in edge order (multi-input ports list their values in that order). */
  incoming: Map<string, CanvasEdge[]>;
  /** node id → the edges out of it. */
  outgoing: Map<string, CanvasEdge[]>;
}

export function wiringOf(graph: FrozenGraph): Wiring {
  const incoming = new Map<string, CanvasEdge[]>();
  const outgoing = new Map<string, CanvasEdge[]>();
  for (const edge of graph.edges) {
    let into = incoming.get(edge.target);
    if (!into) {
      into = [];
      incoming.set(edge.target, into);
    }
    into.push(edge);
    let out = outgoing.get(edge.source);
    if (!out) {
      out = [];
      outgoing.set(edge.source, out);
    }
    out.push(edge);
  }
  return { incoming, outgoing };
}

export const NO_EDGES: readonly CanvasEdge[] = [];

/**
 * The nodes this step visits, each once, every node after all of its upstream nodes; O(nodes + edges).
 *
 * The order is the one the engine used when it swept the node list until a sweep changed nothing
 * (kept so timelines read as before): sweep k visits nodes in graph (creation) order, and a node runs
 * in the first sweep that reaches it after its last upstream node finished — that same sweep if it
 * comes later in graph order, the next one if it comes earlier. Upstream nodes that finished in an
 * earlier step (succeeded or skipped) hold nothing back. So each node's sweep number follows from its
 * upstream nodes' in one topological pass (Kahn's), and a bucket per sweep, filled in graph order,
 * gives the visit order. A node skipped in this step counts as the node run there would.
 * Nodes on a cycle or fed by an edge from outside the graph never become ready and are left out.
 */
export function visitOrder(graph: FrozenGraph, wiring: Wiring, execution: Execution): CanvasNode[] {
  const count = graph.nodes.length;
  const position = new Map<string, number>();
  for (const [at, node] of graph.nodes.entries()) position.set(node.id, at);
  const sweep = new Array<number>(count).fill(1);
  const waitingOn = graph.nodes.map((node) => wiring.incoming.get(node.id)?.length ?? 0);
  const queue: number[] = [];
  for (let at = 0; at < count; at++) if (waitingOn[at] === 0) queue.push(at);
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!;
    const node = graph.nodes[at]!;
    const finishedBefore = settled(execution.nodes[node.id]);
    for (const edge of wiring.outgoing.get(node.id) ?? NO_EDGES) {
      const next = position.get(edge.target);
      if (next === undefined) continue;
      if (!finishedBefore) sweep[next] = Math.max(sweep[next]!, next > at ? sweep[at]! : sweep[at]! + 1);
      if (--waitingOn[next]! === 0) queue.push(next);
    }
  }
  const bySweep: CanvasNode[][] = [];
  for (let at = 0; at < count; at++) {
    if (waitingOn[at] !== 0) continue;
    const group = bySweep[sweep[at]!] ?? [];
    group.push(graph.nodes[at]!);
    bySweep[sweep[at]!] = group;
  }
  return bySweep.flat();
}
