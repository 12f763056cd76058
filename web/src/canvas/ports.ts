// Typed connections: the same rules the server applies (functions/core/canvas/graph.ts), checked in
// the browser while a person drags, so an edge that would be refused is never drawn.
import type { CanvasEdge, NodeTypeInfo, PortDefinition, PortManifest } from './types.ts';

export interface ManifestIndex {
  types: Map<string, NodeTypeInfo>;
  /** `${nodeType}\u0000${port}` → port, for outputs and inputs separately. */
  outputs: Map<string, PortDefinition>;
  inputs: Map<string, PortDefinition>;
  /** input port type → the output port types that may feed it. */
  feeds: Map<string, Set<string>>;
}

const key = (type: string, port: string) => `${type}\u0000${port}`;

export function indexManifest(manifest: PortManifest): ManifestIndex {
  const index: ManifestIndex = { types: new Map(), outputs: new Map(), inputs: new Map(), feeds: new Map() };
  for (const info of manifest.nodeTypes) {
    index.types.set(info.type, info);
    for (const port of info.outputs) index.outputs.set(key(info.type, port.name), port);
    for (const port of info.inputs) index.inputs.set(key(info.type, port.name), port);
  }
  for (const [target, sources] of Object.entries(manifest.compatibility)) index.feeds.set(target, new Set(sources));
  return index;
}

export const outputPort = (index: ManifestIndex, type: string, port: string) => index.outputs.get(key(type, port));
export const inputPort = (index: ManifestIndex, type: string, port: string) => index.inputs.get(key(type, port));

export interface ConnectionAttempt {
  source: string | null;
  sourceHandle?: string | null;
  target: string | null;
  targetHandle?: string | null;
}

/** What the check needs of the canvas: node types by id, and the edges (with a successor lookup for cycles). */
export interface GraphView {
  nodeType(id: string): string | undefined;
  edges: readonly Pick<CanvasEdge, 'source' | 'sourceHandle' | 'target' | 'targetHandle'>[];
  /** Targets of a node's outgoing edges (React Flow's getOutgoers, as ids). */
  outgoers(id: string): Iterable<string>;
}

/** Why `attempt` cannot become an edge, in words a person can act on; null when it fits. */
export function connectionProblem(index: ManifestIndex, graph: GraphView, attempt: ConnectionAttempt): string | null {
  const { source, target } = attempt;
  if (!source || !target || !attempt.sourceHandle || !attempt.targetHandle)
    return 'Connect an output port to an input port.';
  const sourceType = graph.nodeType(source);
  const targetType = graph.nodeType(target);
  if (!sourceType || !targetType) return 'One end of the connection is not on this canvas.';
  const output = outputPort(index, sourceType, attempt.sourceHandle);
  if (!output) return `${label(index, sourceType)} has no output port ${attempt.sourceHandle}.`;
  if (index.types.get(targetType)?.trigger) return `${label(index, targetType)} is a trigger; triggers take no inputs.`;
  const input = inputPort(index, targetType, attempt.targetHandle);
  if (!input) return `${label(index, targetType)} has no input port ${attempt.targetHandle}.`;
  if (!index.feeds.get(input.type)?.has(output.type)) {
    const target = `${input.label} of ${label(index, targetType)}`;
    return `${output.label} gives ${output.type}, but ${target} accepts ${describeFeeds(index, input.type)}.`;
  }
  const sameEnds = (edge: GraphView['edges'][number]) =>
    edge.target === target && edge.targetHandle === attempt.targetHandle;
  if (
    graph.edges.some((edge) => sameEnds(edge) && edge.source === source && edge.sourceHandle === attempt.sourceHandle)
  ) {
    return 'These ports are already connected.';
  }
  if (!input.multiple && graph.edges.some(sameEnds))
    return `${input.label} of ${label(index, targetType)} already has a connection and takes only one.`;
  if (source === target || reaches(graph, target, source))
    return 'This connection would make a loop; a canvas must flow one way.';
  return null;
}

function label(index: ManifestIndex, type: string): string {
  return index.types.get(type)?.label ?? type;
}

function describeFeeds(index: ManifestIndex, inputType: string): string {
  // `any` outputs (a branch passing its input on) fit every input: naming them says nothing here.
  const sources = [...(index.feeds.get(inputType) ?? [])].filter((type) => type !== 'any');
  return sources.length > 0 ? sources.join(' or ') : 'nothing';
}

/** Whether `to` can be reached from `from` along outgoing edges (breadth first, each node once). */
function reaches(graph: GraphView, from: string, to: string): boolean {
  const seen = new Set([from]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    for (const next of graph.outgoers(queue[head]!)) {
      if (next === to) return true;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

/** A GraphView over plain nodes and edges, built once per check batch (Map lookups, not array scans). */
export function graphView(nodes: readonly { id: string; type: string }[], edges: GraphView['edges']): GraphView {
  const types = new Map(nodes.map((node) => [node.id, node.type]));
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    const list = next.get(edge.source);
    if (list) list.push(edge.target);
    else next.set(edge.source, [edge.target]);
  }
  return { nodeType: (id) => types.get(id), edges, outgoers: (id) => next.get(id) ?? [] };
}
