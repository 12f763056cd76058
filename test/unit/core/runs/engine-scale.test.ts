// unit: the cost of one engine step is linear in the canvas (issue 7). Not a timing test: the frozen
// graph and the node states are wrapped in proxies that count every read the engine makes of them (an
// index of the node or edge list, a field of a node or an edge, a node's run state), and a step may make
// at most READS_PER_ITEM × (nodes + edges) of them, whatever order the nodes were created in. The
// former sweep-until-nothing-changes engine read every edge for every node in every sweep: millions of
// reads for a 1,000-node chain, a thousand sweeps when its nodes were created in reverse.
import { describe, expect, it } from 'vitest';
import type { CanvasEdge, CanvasNode } from '#core/canvas/model';
import { advance } from '#core/runs/engine';
import { EXECUTORS } from '#core/runs/executors';
import type { Execution, FrozenGraph } from '#core/runs/model';
import { edge, executionOf, graph, node, tickingNow } from './support.ts';

/** Reads per node and per edge a linear step may make: a constant, not a function of the graph size. */
const READS_PER_ITEM = 40;

class OverBudget extends Error {}

/**
 * Wraps `frozen` and `execution.nodes` in counting proxies. Past `budget` reads every read throws, so an
 * engine that is not linear fails quickly instead of running for minutes.
 */
function counted(frozen: FrozenGraph, execution: Execution, budget: number) {
  const counter = { reads: 0, on: true };
  const tick = () => {
    if (counter.on && ++counter.reads > budget) throw new OverBudget(`over ${budget} reads`);
  };
  const isIndex = (key: string | symbol) => typeof key === 'string' && /^\d+$/.test(key);
  const fields = <T extends object>(target: T): T =>
    new Proxy(target, {
      get: (object, key, receiver) => {
        if (typeof key === 'string') tick();
        return Reflect.get(object, key, receiver);
      },
    });
  const list = <T extends object>(items: T[]): T[] =>
    new Proxy(items.map(fields), {
      get: (array, key, receiver) => {
        if (isIndex(key)) tick();
        return Reflect.get(array, key, receiver);
      },
    });
  const watched: FrozenGraph = { nodes: list<CanvasNode>(frozen.nodes), edges: list<CanvasEdge>(frozen.edges) };
  execution.nodes = fields(execution.nodes);
  return { graph: watched, counter };
}

async function step(frozen: FrozenGraph) {
  const execution = executionOf(frozen, { triggerNodeId: 'p0' });
  const budget = READS_PER_ITEM * (frozen.nodes.length + frozen.edges.length);
  const { graph: watched, counter } = counted(frozen, execution, budget);
  const outcome = await advance(execution, watched, EXECUTORS, tickingNow()).catch((error: unknown) => error);
  counter.on = false;
  return { execution, outcome, reads: counter.reads, budget };
}

/** p0 (prompt) → t1 … t998 (text) → o999 (output), nodes in dependency order; each text node appends its number. */
function chain(n: number): FrozenGraph {
  const ids = Array.from({ length: n }, (_, i) => (i === 0 ? 'p0' : i === n - 1 ? `o${i}` : `t${i}`));
  const nodes = ids.map((id, i) =>
    i === 0
      ? node(id, 'prompt', { data: { prompt: 's' } })
      : i === n - 1
        ? node(id, 'output')
        : node(id, 'text', { data: { template: `{{input}},${i}` } }),
  );
  const edges = ids
    .slice(1)
    .map((id, i) =>
      edge(`e${i + 1}`, ids[i]!, i === 0 ? 'prompt-out' : 'text-out', id, i === n - 2 ? 'value-in' : 'text-in'),
    );
  return graph(nodes, edges);
}

const expectedChainResult = (n: number) => ['s', ...Array.from({ length: n - 2 }, (_, i) => i + 1)].join(',');

describe('advance: one step is linear in nodes + edges', () => {
  it('runs a 1,000-node chain created in dependency order within the read budget', async () => {
    // Prepare
    const frozen = chain(1000);

    // Act
    const { execution, outcome, reads, budget } = await step(frozen);

    // Assess
    expect(reads).toBeLessThanOrEqual(budget);
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.result).toEqual({ o999: expectedChainResult(1000) });
  });

  it('runs the same chain created in reverse order within the same budget, in dependency order', async () => {
    // Prepare: the output node was created first, the prompt last
    const inOrder = chain(1000);
    const frozen = graph([...inOrder.nodes].reverse(), inOrder.edges);

    // Act
    const { execution, outcome, reads, budget } = await step(frozen);

    // Assess
    expect(reads).toBeLessThanOrEqual(budget);
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.result).toEqual({ o999: expectedChainResult(1000) });
    const started = execution.timeline.filter((event) => event.type === 'node.started').map((event) => event.nodeId);
    expect(started).toEqual(inOrder.nodes.map((each) => each.id));
  });

  it(
    'runs a wide fan-out and fan-in (one prompt → 998 texts → one output) within the budget, inputs in edge ' + 'order',
    async () => {
      // Prepare: nodes created in reverse, and the edges into the output listed in a shuffled (but fixed) order
      const width = 998;
      const texts = Array.from({ length: width }, (_, i) => node(`t${i}`, 'text', { data: { template: `${i}` } }));
      const fanOut = texts.map((text, i) => edge(`a${i}`, 'p0', 'prompt-out', text.id, 'text-in'));
      const order = Array.from({ length: width }, (_, i) => (i * 389) % width); // 389 is prime to 998: a permutation
      const fanIn = order.map((i) => edge(`b${i}`, `t${i}`, 'text-out', 'out', 'value-in'));
      const frozen = graph(
        [node('out', 'output'), ...[...texts].reverse(), node('p0', 'prompt')],
        [...fanIn, ...fanOut],
      );

      // Act
      const { execution, outcome, reads, budget } = await step(frozen);

      // Assess
      expect(reads).toBeLessThanOrEqual(budget);
      expect(outcome).toEqual({ status: 'succeeded' });
      expect(execution.result).toEqual({ out: order.map(String) }); // several edges → a list, in edge order
    },
  );

  it('runs a 1,000-node chain of if → (taken | skipped) → merge blocks within the same budget', async () => {
    // Prepare: p0 → [check_k (if) ─true-out→ yes_k, ─false-out→ no_k; both → join_k (merge)] × 249 → out.
    // Every other condition holds, so half the branches are skipped, each skip decided once.
    const blocks = 249;
    const nodes: CanvasNode[] = [node('p0', 'prompt', { data: { prompt: 's' } })];
    const edges: CanvasEdge[] = [];
    let previous = { id: 'p0', port: 'prompt-out' };
    for (let k = 0; k < blocks; k++) {
      nodes.push(
        node(`check${k}`, 'if', { data: { condition: k % 2 === 0 ? 'true' : 'false' } }),
        node(`yes${k}`, 'transform', { data: { expression: `"yes${k}"` } }),
        node(`no${k}`, 'transform', { data: { expression: `"no${k}"` } }),
        node(`join${k}`, 'merge'),
      );
      edges.push(
        edge(`in${k}`, previous.id, previous.port, `check${k}`, 'value-in'),
        edge(`t${k}`, `check${k}`, 'true-out', `yes${k}`, 'value-in'),
        edge(`f${k}`, `check${k}`, 'false-out', `no${k}`, 'value-in'),
        edge(`jy${k}`, `yes${k}`, 'json-out', `join${k}`, 'value-in'),
        edge(`jn${k}`, `no${k}`, 'json-out', `join${k}`, 'value-in'),
      );
      previous = { id: `join${k}`, port: 'merged-out' };
    }
    nodes.push(node('out', 'output'));
    edges.push(edge('last', previous.id, previous.port, 'out', 'value-in'));
    const frozen = graph(nodes, edges);

    // Act
    const { execution, outcome, reads, budget } = await step(frozen);

    // Assess
    expect(nodes.length).toBe(998);
    expect(reads).toBeLessThanOrEqual(budget);
    expect(outcome).toEqual({ status: 'succeeded' });
    const last = blocks - 1;
    expect(execution.result).toEqual({ out: [last % 2 === 0 ? `yes${last}` : `no${last}`] });
    const skipped = Object.values(execution.nodes).filter((state) => state.status === 'skipped');
    expect(skipped).toHaveLength(blocks);
  });
});
