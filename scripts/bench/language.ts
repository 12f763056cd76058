// bench (part of `npm run bench`): the workflow language at scale (issue 33, "Scale and cost"). A benchmark,
// not a test: it prints figures and ratios against a baseline measured in the same run, and asserts nothing.
//
//   linearity   a 1,000-node canvas with 100 branches (if, switch) and 50 merges against a 100-node one
//               of the same shape (branching-canvases.ts): end to end, POST /api/run sync:true on the
//               local stack (accept → run inline → the finished run written once → the result), and the
//               engine step alone (core advance() in-process over the same graph). Goal: 1,000 ≤ 5 × 100.
//   skipping    1,000 nodes, 90 % of them behind an if: the branch not taken against the branch taken,
//               and against the 98 nodes that run without the 902 they skip (what skipping costs)
//   expressions per-evaluation cost and runaway expressions (expression-costs.ts)
//
// Rounds interleave the canvases (JIT, GC and the neighbours' load fall on each alike); the median is
// shown. Settings: BENCH_LANGUAGE_ROUNDS (15) after BENCH_LANGUAGE_WARMUP (3); BENCH_DATA_PARENT.
//
//   npx tsx scripts/bench/language.ts
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalMode } from '../../lib/local/local-mode.ts';
import { freePort } from '../../lib/local/ports.ts';
import { advance } from '../../functions/core/runs/engine.ts';
import { EXECUTORS } from '../../functions/core/runs/executors.ts';
import { newExecution } from '../../functions/core/runs/lifecycle.ts';
import {
  BLOCK,
  type CanvasSpec,
  branchingCanvas,
  frozenGraph,
  patchOperations,
  skippingCanvas,
} from './branching-canvases.ts';
import { benchExpressionCosts } from './expression-costs.ts';
import { fmt, line } from './figures.ts';

const ROUNDS = Number(process.env.BENCH_LANGUAGE_ROUNDS ?? 15);
const WARMUP = Number(process.env.BENCH_LANGUAGE_WARMUP ?? 3);
const LINEARITY_GOAL = 5;
const PATCH_OPERATIONS = 500;
/** Blocks behind the skipping canvas's gate: 45 × 20 nodes, with their seed and output 902 of 1,000. */
const BEHIND = 45;
const SKIPPING_NODES = 1000;
const BEHIND_NODES = BEHIND * BLOCK.nodes + 2;

type Api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<any>;
interface Case {
  label: string;
  spec: CanvasSpec;
  inputs: Record<string, unknown>;
}
interface Measured {
  httpMs: number;
  stepMs: number;
  skipped: number;
  ran: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds of one core advance() over a fresh run of `spec`: the engine's own work, no I/O. */
async function stepMs(spec: CanvasSpec, inputs: Record<string, unknown>): Promise<number> {
  const graph = frozenGraph(spec);
  const execution = newExecution({
    workspaceId: 'ws_bench',
    canvasId: 'cnv_bench',
    triggerNodeId: spec.triggerNodeId,
    trigger: { kind: 'api' },
    inputs,
    callbackUrl: undefined,
    graph,
    now: new Date(),
  });
  const began = performance.now();
  const outcome = await advance(execution, graph, EXECUTORS, () => new Date().toISOString());
  const elapsed = performance.now() - began;
  if (outcome.status !== 'succeeded') throw new Error(`engine step ended ${outcome.status}`);
  return elapsed;
}

/** Median per case; each round runs every case once end to end and once as an engine step. */
async function measure(api: Api, cases: Case[]): Promise<Measured[]> {
  const canvases: string[] = [];
  for (const item of cases) {
    const canvas = await api('POST', '/api/mcp/canvas/create', { name: `bench language: ${item.label}` });
    const operations = patchOperations(item.spec);
    // A patch takes at most PATCH_OPERATIONS; nodes come first, so every edge finds its nodes.
    for (let from = 0; from < operations.length; from += PATCH_OPERATIONS)
      await api('POST', '/api/mcp/canvas/patch', {
        canvasId: canvas.id,
        operations: operations.slice(from, from + PATCH_OPERATIONS),
      });
    canvases.push(canvas.id);
  }
  const http = cases.map(() => [] as number[]);
  const step = cases.map(() => [] as number[]);
  const counts = cases.map(() => ({ skipped: 0, ran: 0 }));
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const [at, item] of cases.entries()) {
      const began = performance.now();
      const run = await api(
        'POST',
        '/api/run',
        { canvasId: canvases[at], triggerNodeId: item.spec.triggerNodeId, inputs: item.inputs, sync: true },
        { 'idempotency-key': `bench-language-${randomBytes(8).toString('hex')}` },
      );
      const elapsed = performance.now() - began;
      if (run.status !== 'succeeded') throw new Error(`${item.label}: run ${run.status} ${JSON.stringify(run.error)}`);
      const statuses = Object.values(run.nodes as Record<string, { status: string }>).map((node) => node.status);
      counts[at] = {
        skipped: statuses.filter((status) => status === 'skipped').length,
        ran: statuses.filter((status) => status === 'succeeded').length,
      };
      const engine = await stepMs(item.spec, item.inputs);
      if (round >= WARMUP) {
        http[at]!.push(elapsed);
        step[at]!.push(engine);
      }
    }
  }
  return cases.map((_, at) => ({ httpMs: median(http[at]!), stepMs: median(step[at]!), ...counts[at]! }));
}

const ms = (value: number) => `${fmt(value, value < 10 ? 2 : 1)} ms`.padStart(10);

function reportLinearity([small, large]: Measured[]): void {
  const ratio = large!.httpMs / small!.httpMs;
  console.log(
    `language linearity: branching canvases (if + switch every 10 nodes, a merge every 20), POST /api/run sync:true end to end (run inline), median of ${ROUNDS}`,
  );
  for (const [label, measured] of [
    ['  100 nodes,  10 branches,  5 merges', small!],
    ['1,000 nodes, 100 branches, 50 merges', large!],
  ] as const) {
    console.log(
      `  ${label}  end to end ${ms(measured.httpMs)}   engine step alone ${ms(measured.stepMs)}   ` +
        `(${measured.ran} ran, ${measured.skipped} skipped)`,
    );
  }
  // A straight line through the two sizes: what each node adds, and what every run pays whatever its size.
  const perNodeMs = (large!.httpMs - small!.httpMs) / 900;
  console.log(
    `  1,000 / 100: end to end ×${fmt(ratio, 2)} (goal ≤ ×${LINEARITY_GOAL}: ` +
      `${ratio <= LINEARITY_GOAL ? 'met' : 'NOT met'}), engine step ×${fmt(large!.stepMs / small!.stepMs, 2)} ` +
      `(linear would be ×10)`,
  );
  console.log(
    `  end to end ${fmt(perNodeMs * 1000, 0)} µs per node + ${fmt(small!.httpMs - 100 * perNodeMs, 1)} ms per run; ` +
      `engine step ${fmt(large!.stepMs, 1)} µs per node at 1,000 (ms per 1,000 nodes)`,
  );
}

function reportSkipping([notTaken, taken, without]: Measured[]): void {
  const usPerNode = (more: number, less: number, nodes: number) => fmt(((more - less) * 1000) / nodes, 1);
  console.log(
    `language skipping: ${SKIPPING_NODES.toLocaleString('en')} nodes, ${BEHIND_NODES} of them behind an if (blocks of the linearity canvas), median of ${ROUNDS}`,
  );
  for (const [label, measured] of [
    ['branch not taken', notTaken!],
    ['branch taken', taken!],
    [`a ${SKIPPING_NODES - BEHIND_NODES}-node canvas`, without!],
  ] as const) {
    console.log(
      `  ${label.padEnd(20)}  end to end ${ms(measured.httpMs)}   engine step alone ${ms(measured.stepMs)}   ` +
        `(${measured.ran} ran, ${measured.skipped} skipped)`,
    );
  }
  const swapped = notTaken!.skipped - taken!.skipped;
  console.log(
    `  not taken / taken: end to end ×${fmt(notTaken!.httpMs / taken!.httpMs, 2)}, engine step ` +
      `×${fmt(notTaken!.stepMs / taken!.stepMs, 2)}; a node run instead of skipped: ` +
      `+${usPerNode(taken!.httpMs, notTaken!.httpMs, swapped)} µs end to end, ` +
      `+${usPerNode(taken!.stepMs, notTaken!.stepMs, swapped)} µs in the step`,
  );
  console.log(
    `  not taken / the ${SKIPPING_NODES - BEHIND_NODES}-node canvas (the same run without the nodes it skips): ` +
      `end to end ×${fmt(notTaken!.httpMs / without!.httpMs, 2)} ` +
      `(${usPerNode(notTaken!.httpMs, without!.httpMs, BEHIND_NODES)} µs per skipped node, ` +
      `its share of reading, freezing and storing the larger canvas included), engine step ` +
      `×${fmt(notTaken!.stepMs / without!.stepMs, 2)} ` +
      `(${usPerNode(notTaken!.stepMs, without!.stepMs, BEHIND_NODES)} µs per skipped node)`,
  );
}

async function main() {
  const began = Date.now();
  const loadBefore = loadavg();
  const parent = process.env.BENCH_DATA_PARENT || (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
  const dataDir = await mkdtemp(join(parent, 'bench-language-'));
  const apiKey = `workspace_${randomBytes(32).toString('base64url')}`;
  const stack = await startLocalMode({
    appPort: await freePort(),
    basePort: await freePort(),
    dataDir,
    bootstrapApiKey: apiKey,
  });
  try {
    const api: Api = async (method, path, body, headers = {}) => {
      const response = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as any;
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    console.log(line);
    const load = loadBefore.map((value) => fmt(value, 2)).join(' ');
    console.log(`language bench: ${availableParallelism()} cores, load average ${load} (1, 5, 15 min) at the start`);
    reportLinearity(
      await measure(api, [
        { label: '100 nodes', spec: branchingCanvas(100), inputs: {} },
        { label: '1,000 nodes', spec: branchingCanvas(1000), inputs: {} },
      ]),
    );
    const skipping = skippingCanvas(SKIPPING_NODES, BEHIND);
    reportSkipping(
      await measure(api, [
        { label: 'branch not taken', spec: skipping, inputs: { take: false } },
        { label: 'branch taken', spec: skipping, inputs: { take: true } },
        {
          label: 'without what it skips',
          spec: skippingCanvas(SKIPPING_NODES - BEHIND_NODES, 0),
          inputs: { take: false },
        },
      ]),
    );
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  await benchExpressionCosts();
  console.log(
    `language bench finished in ${((Date.now() - began) / 1000).toFixed(1)} s; load average ` +
      `${loadavg()
        .map((value) => fmt(value, 2))
        .join(' ')} at the end`,
  );
}

await main();
