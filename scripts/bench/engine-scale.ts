// bench: how the engine step scales with the canvas (issue 7). In-process core advance() over a
// 1,000-node linear canvas of instant nodes whose nodes were added in dependency order, the same canvas
// with its nodes added in reverse order, and a 1,000-node fan-out/fan-in; a 100-node chain gives the
// per-node slope. No I/O, no stack: a step's own cost only. Prints figures, asserts nothing.
//
//   npx tsx scripts/bench/engine-scale.ts      (also run at the end of `npm run bench`)
//
// Settings: BENCH_ENGINE_RUNS (7) measured steps per case after BENCH_ENGINE_WARMUP (2) warm-up steps
// (JIT); the median is shown. Rounds interleave the cases.
import { pathToFileURL } from 'node:url';
import type { CanvasEdge, CanvasNode } from '../../functions/core/canvas/model.ts';
import { advance } from '../../functions/core/runs/engine.ts';
import { EXECUTORS } from '../../functions/core/runs/executors.ts';
import { newExecution } from '../../functions/core/runs/lifecycle.ts';
import type { FrozenGraph } from '../../functions/core/runs/model.ts';

const RUNS = Number(process.env.BENCH_ENGINE_RUNS ?? 7);
const WARMUP = Number(process.env.BENCH_ENGINE_WARMUP ?? 2);

const AT = '2025-01-15T10:00:00.000Z';
const node = (id: string, type: CanvasNode['type'], data: Record<string, unknown> = {}): CanvasNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data,
  createdAt: AT,
  updatedAt: AT,
});
const edge = (id: string, source: string, sourceHandle: string, target: string, targetHandle: string): CanvasEdge => ({
  id,
  source,
  sourceHandle,
  target,
  targetHandle,
  createdAt: AT,
});

/** prompt → text × (n − 2) → output, nodes in dependency order. */
function chain(n: number): FrozenGraph {
  const ids = Array.from({ length: n }, (_, i) => (i === 0 ? 'p0' : i === n - 1 ? `o${i}` : `t${i}`));
  const nodes = ids.map((id, i) =>
    i === 0
      ? node(id, 'prompt', { prompt: 'hello' })
      : i === n - 1
        ? node(id, 'output')
        : node(id, 'text', { template: '{{input}}.' }),
  );
  const edges = ids
    .slice(1)
    .map((id, i) =>
      edge(`e${i + 1}`, ids[i]!, i === 0 ? 'prompt-out' : 'text-out', id, i === n - 2 ? 'value-in' : 'text-in'),
    );
  return { nodes, edges };
}

/** prompt → (n − 2) texts → one output, which collects them all in edge order. */
function fan(n: number): FrozenGraph {
  const texts = Array.from({ length: n - 2 }, (_, i) => node(`t${i}`, 'text', { template: `${i}:{{input}}` }));
  const nodes = [node('p0', 'prompt', { prompt: 'hello' }), ...texts, node('out', 'output')];
  const edges = texts.flatMap((text, i) => [
    edge(`a${i}`, 'p0', 'prompt-out', text.id, 'text-in'),
    edge(`b${i}`, text.id, 'text-out', 'out', 'value-in'),
  ]);
  return { nodes, edges };
}

const reversed = (graph: FrozenGraph): FrozenGraph => ({ nodes: [...graph.nodes].reverse(), edges: graph.edges });

/** Milliseconds of one advance() over a fresh execution of `graph`. */
async function stepMs(graph: FrozenGraph): Promise<number> {
  const now = () => new Date().toISOString();
  const execution = newExecution({
    workspaceId: 'ws_bench',
    canvasId: 'cnv_bench',
    triggerNodeId: 'p0',
    trigger: { kind: 'api' },
    inputs: {},
    callbackUrl: undefined,
    graph,
    now: new Date(),
  });
  const began = performance.now();
  const outcome = await advance(execution, graph, EXECUTORS, now);
  const elapsed = performance.now() - began;
  if (outcome.status !== 'succeeded') throw new Error(`engine step ended ${outcome.status}`);
  return elapsed;
}

/** Median step per case. Rounds interleave the cases, so JIT warm-up and GC do not favour the later ones. */
async function medians(cases: FrozenGraph[]): Promise<number[]> {
  const samples = cases.map(() => [] as number[]);
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const [at, graph] of cases.entries()) {
      const elapsed = await stepMs(graph);
      if (round >= WARMUP) samples[at]!.push(elapsed);
    }
  }
  return samples.map((values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!);
}

/** Runs the cases and prints one line each, with ratios against the in-order 1,000-node chain of this same run. */
export async function benchEngineScale(print: (line: string) => void = console.log): Promise<void> {
  const [inOrder100, inOrder, reverse, fanned, fannedReverse] = (await medians([
    chain(100),
    chain(1000),
    reversed(chain(1000)),
    fan(1000),
    reversed(fan(1000)),
  ])) as [number, number, number, number, number];
  const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
  const ratio = (value: number) => `×${(value / inOrder).toFixed(2)} of in-order`;
  print(`engine scale: core advance() in-process, one step, median of ${RUNS} (node ${process.version})`);
  print(
    `  chain   100 nodes, in order        ${ms(inOrder100).padStart(11)}   (1,000/100 in order: ×${(inOrder / inOrder100).toFixed(1)}; linear would be ×10)`,
  );
  print(
    `  chain 1,000 nodes, in order        ${ms(inOrder).padStart(11)}   ${((inOrder * 1000) / 1000).toFixed(1)} µs/node (ms × 1,000 / nodes)`,
  );
  print(`  chain 1,000 nodes, reverse order   ${ms(reverse).padStart(11)}   ${ratio(reverse)}`);
  print(`  fan   1,000 nodes, in order        ${ms(fanned).padStart(11)}   ${ratio(fanned)}`);
  print(`  fan   1,000 nodes, reverse order   ${ms(fannedReverse).padStart(11)}   ${ratio(fannedReverse)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchEngineScale();
