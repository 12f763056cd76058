// core: graph rules for edges — ports exist, types fit, no edge into a trigger, no cycles.
import { ConflictError, ValidationError } from '../errors.ts';
import type { Canvas, CanvasEdge } from './model.ts';
import { NODE_TYPES, isTrigger, portTypesFit, type PortDefinition } from './node-types.ts';

export interface EdgeEnds {
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
}

/** Throws a ValidationError saying why `edge` cannot join the canvas, or ConflictError if it already does. */
export function assertEdgeFits(canvas: Pick<Canvas, 'nodes' | 'edges'>, edge: EdgeEnds): void {
  const source = canvas.nodes.find((node) => node.id === edge.source);
  const target = canvas.nodes.find((node) => node.id === edge.target);
  if (!source) throw new ValidationError(`Edge source node ${edge.source} does not exist on this canvas`);
  if (!target) throw new ValidationError(`Edge target node ${edge.target} does not exist on this canvas`);

  const output: PortDefinition | undefined = NODE_TYPES[source.type].outputs.find(
    (port) => port.name === edge.sourceHandle,
  );
  if (!output) {
    const names = NODE_TYPES[source.type].outputs.map((port) => port.name).join(', ') || 'none';
    throw new ValidationError(
      `Node ${source.id} (${source.type}) has no output port ${edge.sourceHandle}; its outputs: ${names}`,
    );
  }
  if (isTrigger(target.type)) {
    throw new ValidationError(`Node ${target.id} is a ${target.type} trigger; trigger nodes take no inputs`);
  }
  const input: PortDefinition | undefined = NODE_TYPES[target.type].inputs.find(
    (port) => port.name === edge.targetHandle,
  );
  if (!input) {
    const names = NODE_TYPES[target.type].inputs.map((port) => port.name).join(', ') || 'none';
    throw new ValidationError(
      `Node ${target.id} (${target.type}) has no input port ${edge.targetHandle}; its inputs: ${names}`,
    );
  }
  if (!portTypesFit(output.type, input.type)) {
    throw new ValidationError(
      `Port types do not fit: ${source.id}.${output.name} is ${output.type}, ${target.id}.${input.name} accepts ${input.type}`,
    );
  }
  const duplicate = canvas.edges.find(
    (existing) =>
      existing.source === edge.source &&
      existing.sourceHandle === edge.sourceHandle &&
      existing.target === edge.target &&
      existing.targetHandle === edge.targetHandle,
  );
  if (duplicate) throw new ConflictError(`Edge ${duplicate.id} already connects these ports`);
  if (
    !input.multiple &&
    canvas.edges.some((existing) => existing.target === edge.target && existing.targetHandle === edge.targetHandle)
  ) {
    throw new ValidationError(`Input port ${target.id}.${input.name} already has an edge and accepts only one`);
  }
  if (edge.source === edge.target || reaches(canvas.edges, edge.target, edge.source)) {
    throw new ValidationError(`Edge ${edge.source} → ${edge.target} would create a cycle`);
  }
}

/** Each node's outgoing edges' targets, built in one pass over the edges. */
export function successors(edges: readonly Pick<CanvasEdge, 'source' | 'target'>[]): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    const targets = next.get(edge.source);
    if (targets) targets.push(edge.target);
    else next.set(edge.source, [edge.target]);
  }
  return next;
}

/** Every node reachable from `from` along `edges`, `from` included (breadth first; O(nodes + edges)). */
export function reachableFrom(
  edges: readonly Pick<CanvasEdge, 'source' | 'target'>[],
  from: string | Iterable<string>,
): Set<string> {
  return closure(successors(edges), typeof from === 'string' ? [from] : from);
}

/** The nodes from which one of `to` is reachable (`to` included): everything upstream of them. */
export function reachingTo(edges: readonly Pick<CanvasEdge, 'source' | 'target'>[], to: Iterable<string>): Set<string> {
  return closure(successors(edges.map((edge) => ({ source: edge.target, target: edge.source }))), to);
}

function closure(next: Map<string, string[]>, from: Iterable<string>): Set<string> {
  const reached = new Set(from);
  const queue = [...reached];
  for (let head = 0; head < queue.length; head++) {
    for (const target of next.get(queue[head]!) ?? []) {
      if (!reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  return reached;
}

/** Whether `to` is reachable from `from` along existing edges. */
function reaches(edges: readonly CanvasEdge[], from: string, to: string): boolean {
  return reachableFrom(edges, from).has(to);
}

/**
 * Edges that would no longer fit if `nodeId` became `newType` (ports gone, types changed, or more
 * edges on an input than it accepts). Edges are re-admitted one by one, so the second edge into a
 * port that takes one is reported.
 */
export function edgesBrokenByTypeChange(
  canvas: Pick<Canvas, 'nodes' | 'edges'>,
  nodeId: string,
  newType: keyof typeof NODE_TYPES,
): CanvasEdge[] {
  const nodes = canvas.nodes.map((node) => (node.id === nodeId ? { ...node, type: newType } : node));
  const touching = canvas.edges.filter((edge) => edge.source === nodeId || edge.target === nodeId);
  const admitted = canvas.edges.filter((edge) => !touching.includes(edge));
  const broken: CanvasEdge[] = [];
  for (const edge of touching) {
    try {
      assertEdgeFits({ nodes, edges: admitted }, edge);
      admitted.push(edge);
    } catch {
      broken.push(edge);
    }
  }
  return broken;
}
