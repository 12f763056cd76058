// bench canvases of the workflow language (issue 33, "Scale and cost"): built from the flow nodes of
// docs/language.md (if, switch, merge, transform) and prompt, text, output. Pure: each builder answers
// the nodes and edges, which become canvas/patch operations for a run through the routes, or a frozen
// graph for the engine step alone.
//
//   one block, 20 nodes, 2 branches, 1 merge; the value { n } flows in at `if` and out of `join`:
//
//     if (n % 2 = 0) ─true──► transform ×4 ───────────────────────────────┐
//                    └false─► text ─► transform ($parse) ─► transform ×2 ─┴► merge ─► transform ($[0]) ─┐
//     ┌───────────────────────────────────────────────────────────────────────────────────────────────┘
//     └► switch ─case-1 (n % 3 = 0)─► transform ×3 ──────────────┐
//               ├case-2 (n % 3 = 1)─► text ─► transform ($parse) ┼► join (a transform: the one that arrived)
//               └default───────────► transform ×2 ───────────────┘
//
// Every run takes one side of each branch, so about half of a block's nodes run and the rest are skipped.
import type { CanvasEdge, CanvasNode } from '../../functions/core/canvas/model.ts';
import type { FrozenGraph } from '../../functions/core/runs/model.ts';

export type BenchNodeType = 'prompt' | 'if' | 'switch' | 'merge' | 'transform' | 'text' | 'output';
export interface NodeSpec {
  id: string;
  type: BenchNodeType;
  data?: Record<string, unknown>;
}
export interface EdgeSpec {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
}
export interface CanvasSpec {
  nodes: NodeSpec[];
  edges: EdgeSpec[];
  triggerNodeId: string;
}

/** Nodes in one block, its branch nodes (if + switch) and its merges. */
export const BLOCK = { nodes: 20, branches: 2, merges: 1 } as const;
/** The prompt, the transform that seeds `{ n }`, and the output around the blocks. */
const FRAME_NODES = 3;
/** Transforms behind a switch's first case; a short block leaves them out, as many as the frame adds. */
const CASE_ONE_TRANSFORMS = FRAME_NODES;

const step = (add: number) => ({ expression: `{ "n": n + ${add} }` });
const parsed = { expression: '$parse($)' };

/** Collects nodes and edges; ports name where a value leaves and enters. */
class Builder {
  readonly nodes: NodeSpec[] = [];
  readonly edges: EdgeSpec[] = [];

  add(id: string, type: BenchNodeType, data?: Record<string, unknown>): string {
    this.nodes.push({ id, type, ...(data ? { data } : {}) });
    return id;
  }

  link(source: string, sourceHandle: string, target: string, targetHandle = 'value-in'): void {
    this.edges.push({ id: `e${this.edges.length + 1}`, source, sourceHandle, target, targetHandle });
  }

  /** `length` transforms one after another from (source, port); answers the last one (or the source). */
  chain(prefix: string, length: number, from: { id: string; port: string }): { id: string; port: string } {
    let at = from;
    for (let index = 1; index <= length; index++) {
      const id = this.add(`${prefix}${index}`, 'transform', step(1));
      this.link(at.id, at.port, id);
      at = { id, port: 'json-out' };
    }
    return at;
  }

  /** One block (see the header) fed from (source, port); `short` leaves out its case-1 transforms. */
  block(k: number, from: { id: string; port: string }, short = false): { id: string; port: string } {
    const branch = this.add(`i${k}`, 'if', { condition: 'n % 2 = 0' });
    this.link(from.id, from.port, branch);
    const whenTrue = this.chain(`a${k}_`, 4, { id: branch, port: 'true-out' });
    const asText = this.add(`b${k}_t`, 'text', { template: '{{input}}' });
    this.link(branch, 'false-out', asText, 'text-in');
    const back = this.add(`b${k}_p`, 'transform', parsed);
    this.link(asText, 'text-out', back);
    const whenFalse = this.chain(`b${k}_`, 2, { id: back, port: 'json-out' });
    const merge = this.add(`m${k}`, 'merge');
    this.link(whenTrue.id, whenTrue.port, merge);
    this.link(whenFalse.id, whenFalse.port, merge);
    const unwrap = this.add(`u${k}`, 'transform', { expression: '$[0]' });
    this.link(merge, 'merged-out', unwrap);

    const route = this.add(`s${k}`, 'switch', {
      cases: [
        { name: 'three', condition: 'n % 3 = 0' },
        { name: 'one more', condition: 'n % 3 = 1' },
      ],
    });
    this.link(unwrap, 'json-out', route);
    const first = this.chain(`c${k}_`, short ? 0 : CASE_ONE_TRANSFORMS, { id: route, port: 'case-1-out' });
    const secondText = this.add(`d${k}_t`, 'text', { template: '{{input}}' });
    this.link(route, 'case-2-out', secondText, 'text-in');
    const second = this.add(`d${k}_p`, 'transform', parsed);
    this.link(secondText, 'text-out', second);
    const otherwise = this.chain(`f${k}_`, 2, { id: route, port: 'default-out' });
    // A transform fed by the three branches runs on the one that arrived (the others were skipped).
    const join = this.add(`j${k}`, 'transform', step(1));
    for (const arm of [first, { id: second, port: 'json-out' }, otherwise]) this.link(arm.id, arm.port, join);
    return { id: join, port: 'json-out' };
  }

  /** `blocks` blocks one after another from (source, port); the first may be short. */
  blocks(count: number, from: { id: string; port: string }, firstShort: boolean): { id: string; port: string } {
    let at = from;
    for (let k = 0; k < count; k++) at = this.block(k, at, firstShort && k === 0);
    return at;
  }
}

/**
 * prompt → transform `{ n: 0 }` → blocks → output, `nodes` in all (a multiple of 20, so that 1,000
 * nodes — the most run inline — and 100 have the same shape: 10 branches and 5 merges per 100 nodes;
 * the first block gives up its three case-1 transforms to the frame).
 */
export function branchingCanvas(nodes: number): CanvasSpec {
  if (nodes < BLOCK.nodes || nodes % BLOCK.nodes !== 0) throw new Error(`nodes must be a multiple of ${BLOCK.nodes}`);
  const canvas = new Builder();
  const start = canvas.add('p', 'prompt', { prompt: 'bench' });
  const seed = canvas.add('h', 'transform', { expression: '{ "n": 0 }' });
  canvas.link(start, 'prompt-out', seed);
  const end = canvas.blocks(nodes / BLOCK.nodes, { id: seed, port: 'json-out' }, true);
  const out = canvas.add('o', 'output');
  canvas.link(end.id, end.port, out);
  return { nodes: canvas.nodes, edges: canvas.edges, triggerNodeId: start };
}

/**
 * The skipping canvas: prompt → if `$run.inputs.take`; behind true-out `behind` blocks (with their seed
 * and output), behind false-out a chain of transforms and an output, so that the canvas has `nodes` in
 * all. With `behind: 0` only the false side exists: the same run without the nodes it skips.
 */
export function skippingCanvas(nodes: number, behind: number): CanvasSpec {
  const canvas = new Builder();
  const start = canvas.add('p', 'prompt', { prompt: 'bench' });
  const gate = canvas.add('g', 'if', { condition: '$run.inputs.take = true' });
  canvas.link(start, 'prompt-out', gate);
  if (behind > 0) {
    const seed = canvas.add('h', 'transform', { expression: '{ "n": 0 }' });
    canvas.link(gate, 'true-out', seed);
    const end = canvas.blocks(behind, { id: seed, port: 'json-out' }, false);
    const taken = canvas.add('ot', 'output');
    canvas.link(end.id, end.port, taken);
  }
  const rest = nodes - canvas.nodes.length - 2;
  if (rest < 0) throw new Error(`${nodes} nodes do not hold ${behind} blocks`);
  const seed = canvas.add('x', 'transform', { expression: '{ "n": 0 }' });
  canvas.link(gate, 'false-out', seed);
  const end = canvas.chain('y', rest, { id: seed, port: 'json-out' });
  const other = canvas.add('of', 'output');
  canvas.link(end.id, end.port, other);
  return { nodes: canvas.nodes, edges: canvas.edges, triggerNodeId: start };
}

/** The canvas/patch operations that build `spec`. */
export function patchOperations(spec: CanvasSpec): unknown[] {
  return [
    ...spec.nodes.map((node, index) => ({
      op: 'node/add',
      ...node,
      position: { x: (index % 40) * 260, y: Math.floor(index / 40) * 160 },
    })),
    ...spec.edges.map((edge) => ({ op: 'edge/add', ...edge })),
  ];
}

const AT = '2026-12-01T00:00:00.000Z';

/** `spec` as the engine runs it (the graph a run freezes at its start). */
export function frozenGraph(spec: CanvasSpec): FrozenGraph {
  const nodes: CanvasNode[] = spec.nodes.map((node) => ({
    id: node.id,
    type: node.type,
    position: { x: 0, y: 0 },
    data: node.data ?? {},
    createdAt: AT,
    updatedAt: AT,
  }));
  const edges: CanvasEdge[] = spec.edges.map((edge) => ({ ...edge, createdAt: AT }));
  return { nodes, edges };
}
