// core: what a call-canvas node calls, resolved by a bounded walk over the workspace's canvases — for
// the warnings of a saved canvas and, at a run's start, to freeze every callee's graph into the
// caller's frozen graph (a run never changes under its caller, whatever is edited meanwhile).
//
//   call node ─► load the callee (same workspace; each canvas read once per walk, CALL_MAX_CANVASES at most)
//      │ refused: no canvasId, not found, archived, moved past its pinned version, a trigger that is not
//      │          its prompt node, a node that is not instant, deeper than CALL_MAX_DEPTH, a cycle
//      ▼
//   freezeGraph(callee, trigger) ─► its own call nodes, one level deeper, the path extended
//
// A problem is reported on the caller's node that starts the chain, naming the chain, so a cycle
// through others (A → B → C → A) is a warning on A's node that calls B.
import { ValidationError } from '../errors.ts';
import type { FrozenGraph } from '../runs/model.ts';
import { freezeGraph } from '../runs/lifecycle.ts';
import { CALL_MAX_CANVASES, CALL_MAX_DEPTH, CALL_MAX_NODES } from './call-node-type.ts';
import { retriesAtAll } from './failure-handling.ts';
import type { Canvas, CanvasNode } from './model.ts';
import { NODE_TYPES } from './node-types.ts';

/** Where a call node of a frozen graph holds its callee, frozen at the run's start. */
export const FROZEN_CALL = 'frozenCall';

export interface FrozenCall {
  canvasId: string;
  /** The callee's version when the run started. */
  version: number;
  triggerNodeId: string;
  graph: FrozenGraph;
}

export interface CallProblem {
  /** The caller's node the chain starts from. */
  nodeId: string;
  message: string;
}

/** Reads a canvas of the caller's workspace (another workspace's canvas is simply not found). */
export type LoadCanvas = (canvasId: string) => Promise<Canvas | undefined>;

interface Walk {
  load: LoadCanvas;
  loaded: Map<string, Promise<Canvas | undefined>>;
  problems: CallProblem[];
  /** Nodes of the called graphs frozen so far, nested (a canvas called twice counts twice: it runs twice). */
  nodes: number;
}

/** The frozen callee a call node carries, if its run's start froze one. */
export function frozenCallOf(node: Pick<CanvasNode, 'data'>): FrozenCall | undefined {
  return (node.data as Record<string, unknown>)[FROZEN_CALL] as FrozenCall | undefined;
}

/** Why the called canvas cannot run inline as one step (the first few offending nodes), or undefined. */
function notInstant(graph: FrozenGraph): string | undefined {
  const offending = graph.nodes.filter(
    (node) => NODE_TYPES[node.type].category === 'generation' || node.type === 'wait' || retriesAtAll(node),
  );
  if (offending.length === 0) return undefined;
  const list = offending
    .slice(0, 3)
    .map((node) => `${node.id} (${retriesAtAll(node) ? `${node.type} with retries` : node.type})`);
  const more = offending.length > 3 ? ', …' : '';
  return `it has ${list.join(', ')}${more}: a called canvas must be instant in this version`;
}

async function loadOnce(walk: Walk, canvasId: string): Promise<Canvas | undefined | 'too-many'> {
  const known = walk.loaded.get(canvasId);
  if (known) return known;
  if (walk.loaded.size >= CALL_MAX_CANVASES) return 'too-many';
  const loading = walk.load(canvasId);
  walk.loaded.set(canvasId, loading);
  return loading;
}

/** Freezes one call node's callee, or records why it cannot be; `path`: the canvases calling, outermost first. */
async function freezeCall(node: CanvasNode, path: readonly string[], origin: string, walk: Walk) {
  const data = node.data as { canvasId?: string; version?: number; triggerNodeId?: string };
  const at = path.length > 1 ? `${path.slice(1).join(' → ')} node ${node.id}` : `Node ${node.id} (call-canvas)`;
  const problem = (message: string) => {
    walk.problems.push({ nodeId: origin, message: `${at}: ${message}` });
    return undefined;
  };
  const canvasId = data.canvasId;
  if (!canvasId) return problem('set canvasId to the canvas to call');
  if (path.includes(canvasId))
    return problem(`calls form a cycle (${[...path, canvasId].join(' → ')}); a canvas may not call itself`);
  if (path.length > CALL_MAX_DEPTH) return problem(`calls nest more than ${CALL_MAX_DEPTH} deep`);
  if (!data.triggerNodeId) return problem(`set triggerNodeId to the prompt node of canvas ${canvasId}`);
  const callee = await loadOnce(walk, canvasId);
  if (callee === 'too-many') return problem(`the calls reach more than ${CALL_MAX_CANVASES} canvases`);
  if (!callee) return problem(`canvas ${canvasId} not found in this workspace: pick another canvas`);
  if (callee.archived) return problem(`canvas ${canvasId} is archived: restore it, or call another canvas`);
  if (data.version !== undefined && callee.version !== data.version)
    return problem(
      `canvas ${canvasId} is at version ${callee.version}, not the pinned ${data.version}: set version to it after checking the change, or remove version to call the latest`,
    );
  const trigger = callee.nodes.find((candidate) => candidate.id === data.triggerNodeId);
  if (trigger?.type !== 'prompt')
    return problem(`canvas ${canvasId} has no prompt node ${data.triggerNodeId} to start from`);
  let graph: FrozenGraph;
  try {
    graph = freezeGraph(callee, data.triggerNodeId);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return problem(`canvas ${canvasId}: ${error.message}`);
  }
  const blocking = notInstant(graph);
  if (blocking) return problem(`canvas ${canvasId} cannot be called: ${blocking}`);
  walk.nodes += graph.nodes.length;
  if (walk.nodes > CALL_MAX_NODES) return problem(`the called canvases hold more than ${CALL_MAX_NODES} nodes in all`);
  const nested = await freezeCallsIn(graph, [...path, canvasId], walk, origin);
  const frozen: FrozenCall = { canvasId, version: callee.version, triggerNodeId: data.triggerNodeId, graph: nested };
  return frozen;
}

async function freezeCallsIn(graph: FrozenGraph, path: readonly string[], walk: Walk, origin?: string) {
  const nodes: CanvasNode[] = [];
  for (const node of graph.nodes) {
    if (node.type !== 'call-canvas') {
      nodes.push(node);
      continue;
    }
    const frozen = await freezeCall(node, path, origin ?? node.id, walk);
    nodes.push(frozen ? { ...node, data: { ...node.data, [FROZEN_CALL]: frozen } } : node);
  }
  return { nodes, edges: graph.edges };
}

const newWalk = (load: LoadCanvas): Walk => ({ load, loaded: new Map(), problems: [], nodes: 0 });

/** What is wrong with the calls of a saved canvas (every call node, reached by a trigger or not). */
export async function callProblems(canvas: Pick<Canvas, 'id' | 'nodes' | 'edges'>, load: LoadCanvas) {
  if (!canvas.nodes.some((node) => node.type === 'call-canvas')) return [];
  const walk = newWalk(load);
  await freezeCallsIn(canvas, [canvas.id], walk);
  return walk.problems;
}

/**
 * `graph` (a run's frozen graph) with every call node carrying its callee's frozen graph, nested;
 * refused with a ValidationError, before anything is written, when a call cannot be made.
 */
export async function freezeCalls(graph: FrozenGraph, canvasId: string, load: LoadCanvas): Promise<FrozenGraph> {
  if (!graph.nodes.some((node) => node.type === 'call-canvas')) return graph;
  const walk = newWalk(load);
  const frozen = await freezeCallsIn(graph, [canvasId], walk);
  if (walk.problems.length > 0)
    throw new ValidationError(`This run cannot start: ${walk.problems.map((p) => p.message).join('; ')}`);
  return frozen;
}
