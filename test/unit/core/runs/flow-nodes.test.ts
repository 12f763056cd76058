// unit: the flow nodes through one engine step with the core's executors — if and switch take one
// port and skip the rest, merge combines what arrived (list or object), transform builds JSON with
// the expression scope, and an expression's failure or limit fails the node with a clear message.
import { describe, expect, it } from 'vitest';
import type { CanvasEdge, CanvasNode } from '#core/canvas/model';
import { advance } from '#core/runs/engine';
import { EXECUTORS } from '#core/runs/executors';
import type { Execution } from '#core/runs/model';
import { edge, executionOf, graph, node, tickingNow } from './support.ts';

/** prompt → transform `parse` (the run input `order` as JSON) → the nodes and edges given. */
async function run(nodes: CanvasNode[], edges: CanvasEdge[], order: unknown = { amount: 120, country: 'DE' }) {
  const frozen = graph(
    [node('prompt', 'prompt'), node('parse', 'transform', { data: { expression: '$run.inputs.order' } }), ...nodes],
    [edge('e0', 'prompt', 'prompt-out', 'parse', 'value-in'), ...edges],
  );
  const execution = executionOf(frozen, { inputs: { order } });
  const outcome = await advance(execution, frozen, EXECUTORS, tickingNow());
  return { outcome, execution };
}

const statusOf = (execution: Execution, id: string) => execution.nodes[id]?.status;

//   parse ─► check (if) ─true-out──► big ───► merged (merge) ─► out
//                       └false-out─► small ──┘
const ifElse = (condition: string, mode?: 'list' | 'object') => ({
  nodes: [
    node('check', 'if', { data: { condition } }),
    node('big', 'transform', { data: { expression: '{"size": "big", "amount": amount}' } }),
    node('small', 'transform', { data: { expression: '{"size": "small", "amount": amount}' } }),
    node('merged', 'merge', { data: mode ? { mode } : {} }),
    node('out', 'output'),
  ],
  edges: [
    edge('e1', 'parse', 'json-out', 'check', 'value-in'),
    edge('e2', 'check', 'true-out', 'big', 'value-in'),
    edge('e3', 'check', 'false-out', 'small', 'value-in'),
    edge('e4', 'big', 'json-out', 'merged', 'value-in'),
    edge('e5', 'small', 'json-out', 'merged', 'value-in'),
    edge('e6', 'merged', 'merged-out', 'out', 'value-in'),
  ],
});

describe('if', () => {
  it('sends its input on true-out when the condition holds and skips the false branch', async () => {
    // Act
    const { nodes, edges } = ifElse('amount > 100');
    const { outcome, execution } = await run(nodes, edges);

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.outputs.check).toEqual({ 'true-out': { amount: 120, country: 'DE' } });
    expect(execution.nodes.check?.untakenPorts).toEqual(['false-out']);
    expect(statusOf(execution, 'big')).toBe('succeeded');
    expect(statusOf(execution, 'small')).toBe('skipped');
    expect(execution.result).toEqual({ out: [{ size: 'big', amount: 120 }] });
  });

  it('takes false-out when the condition does not hold', async () => {
    // Act
    const { nodes, edges } = ifElse('amount > 100');
    const { execution } = await run(nodes, edges, { amount: 80 });

    // Assess
    expect(statusOf(execution, 'big')).toBe('skipped');
    expect(statusOf(execution, 'small')).toBe('succeeded');
    expect(execution.result).toEqual({ out: [{ size: 'small', amount: 80 }] });
  });

  it('fails the node, naming it, when the condition gives something other than true or false', async () => {
    // Act
    const { nodes, edges } = ifElse('amount');
    const { outcome, execution } = await run(nodes, edges);

    // Assess
    expect(outcome).toMatchObject({ status: 'failed', reason: 'node' });
    expect(execution.error).toEqual({
      nodeId: 'check',
      message: expect.stringMatching(/^Node check \(if\) condition gave a number, not true or false/),
    });
  });
});

describe('merge', () => {
  it('keys what arrived by source node id in object mode, leaving out the branch not taken', async () => {
    // Act
    const { nodes, edges } = ifElse('country = "DE"', 'object');
    const { execution } = await run(nodes, edges);

    // Assess
    expect(execution.outputs.merged).toEqual({ 'merged-out': { big: { size: 'big', amount: 120 } } });
  });

  it('lists every input in edge order when all arrive', async () => {
    // Prepare: two transforms fed by the same value, merged in the order of their edges (b before a).
    const nodes = [
      node('a', 'transform', { data: { expression: '"a"' } }),
      node('b', 'transform', { data: { expression: '"b"' } }),
      node('merged', 'merge'),
    ];
    const edges = [
      edge('e1', 'parse', 'json-out', 'a', 'value-in'),
      edge('e2', 'parse', 'json-out', 'b', 'value-in'),
      edge('e3', 'b', 'json-out', 'merged', 'value-in'),
      edge('e4', 'a', 'json-out', 'merged', 'value-in'),
    ];

    // Act
    const { execution } = await run(nodes, edges);

    // Assess
    expect(execution.outputs.merged).toEqual({ 'merged-out': ['b', 'a'] });
  });

  it('is skipped, with what follows it, when every input was skipped', async () => {
    // Prepare: a switch with no matching case and nothing on default-out feeds the merge only by case ports.
    const nodes = [
      node('route', 'switch', { data: { cases: [{ name: 'fr', condition: 'country = "FR"' }] } }),
      node('merged', 'merge'),
      node('out', 'output'),
    ];
    const edges = [
      edge('e1', 'parse', 'json-out', 'route', 'value-in'),
      edge('e2', 'route', 'case-1-out', 'merged', 'value-in'),
      edge('e3', 'merged', 'merged-out', 'out', 'value-in'),
    ];

    // Act
    const { outcome, execution } = await run(nodes, edges);

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.outputs.route).toEqual({ 'default-out': { amount: 120, country: 'DE' } });
    expect([statusOf(execution, 'merged'), statusOf(execution, 'out')]).toEqual(['skipped', 'skipped']);
    expect(execution.result).toEqual({});
  });
});

describe('switch', () => {
  const routed = (cases: Array<{ name: string; condition: string }>) => ({
    nodes: [
      node('route', 'switch', { data: { cases } }),
      node('first', 'output'),
      node('second', 'output'),
      node('fallback', 'output'),
    ],
    edges: [
      edge('e1', 'parse', 'json-out', 'route', 'value-in'),
      edge('e2', 'route', 'case-1-out', 'first', 'value-in'),
      edge('e3', 'route', 'case-2-out', 'second', 'value-in'),
      edge('e4', 'route', 'default-out', 'fallback', 'value-in'),
    ],
  });

  it('fires only the first case that matches, in case order', async () => {
    // Act
    const { nodes, edges } = routed([
      { name: 'large', condition: 'amount > 100' },
      { name: 'german', condition: 'country = "DE"' },
    ]);
    const { execution } = await run(nodes, edges);

    // Assess
    expect(execution.nodes.route?.untakenPorts).toEqual(['default-out', 'case-2-out']);
    expect(execution.result).toEqual({ first: { amount: 120, country: 'DE' } });
    expect([statusOf(execution, 'second'), statusOf(execution, 'fallback')]).toEqual(['skipped', 'skipped']);
  });

  it('sends a value no case matches to default-out', async () => {
    // Act
    const { nodes, edges } = routed([
      { name: 'french', condition: 'country = "FR"' },
      { name: 'tiny', condition: 'amount < 10' },
    ]);
    const { execution } = await run(nodes, edges);

    // Assess
    expect(execution.result).toEqual({ fallback: { amount: 120, country: 'DE' } });
    expect([statusOf(execution, 'first'), statusOf(execution, 'second')]).toEqual(['skipped', 'skipped']);
  });
});

describe('transform', () => {
  it('builds JSON from the input, $inputs, $run and earlier nodes ($nodes)', async () => {
    // Prepare
    const nodes = [
      node('shape', 'transform', {
        data: {
          expression:
            '{"doubled": amount * 2, "viaInputs": $inputs.`value-in`.country, "prompt": $nodes.prompt.`prompt-out`, "canvas": $run.canvasId}',
        },
      }),
    ];

    // Act
    const { execution } = await run(nodes, [edge('e1', 'parse', 'json-out', 'shape', 'value-in')]);

    // Assess
    expect(execution.outputs.shape).toEqual({
      'json-out': { doubled: 240, viaInputs: 'DE', prompt: '', canvas: 'cnv_test' },
    });
  });

  it('outputs null when the expression matches nothing', async () => {
    // Act
    const { execution } = await run(
      [node('shape', 'transform', { data: { expression: 'missing.field' } })],
      [edge('e1', 'parse', 'json-out', 'shape', 'value-in')],
    );

    // Assess
    expect(execution.outputs.shape).toEqual({ 'json-out': null });
  });

  it('fails the node with the limit it reached when the expression runs away', async () => {
    // Act
    const { outcome, execution } = await run(
      [node('shape', 'transform', { data: { expression: '[1..100000000]' } })],
      [edge('e1', 'parse', 'json-out', 'shape', 'value-in')],
    );

    // Assess
    expect(outcome).toMatchObject({ status: 'failed', reason: 'node' });
    expect(execution.error?.message).toMatch(/^Node shape \(transform\) expression: .*sequence of more than/);
  });
});
