// unit: the call-canvas node — a called canvas frozen into the caller's graph at the run's start and
// run as one nested engine step (its branches skipped inside it, its result on result-out, its node
// states on the call node); the depth and cycle bounds, and a callee that cannot be called, refused
// at the run's start and warned about at save.
import { describe, expect, it } from 'vitest';
import type { Canvas } from '#core/canvas/model';
import { callProblems, FROZEN_CALL, freezeCalls } from '#core/canvas/call-graph';
import { CALL_MAX_DEPTH } from '#core/canvas/call-node-type';
import { advance } from '#core/runs/engine';
import { EXECUTORS } from '#core/runs/executors';
import { runsInline } from '#core/runs/inline';
import { freezeGraph } from '#core/runs/lifecycle';
import { ValidationError } from '#core/errors';
import { canvasWarnings } from '#core/canvas/warnings';
import { NODE_TYPES } from '#core/canvas/node-types';
import { emptyCanvas } from '../../support/canvases.ts';
import { edge, executionOf, node, tickingNow } from './support.ts';

/** start (prompt) → check (if amount > 100) → big / small (transform) → out (output): a branching callee. */
const sizer = (overrides: Partial<Canvas> = {}) =>
  emptyCanvas({
    id: 'cnv_sizer',
    version: 3,
    nodes: [
      node('start', 'prompt'),
      node('check', 'if', { data: { condition: '$exists($run.inputs.amount) and $run.inputs.amount > 100' } }),
      node('big', 'transform', { data: { expression: '{"size": "big", "amount": $run.inputs.amount}' } }),
      node('small', 'transform', { data: { expression: '{"size": "small"}' } }),
      node('out', 'output'),
    ],
    edges: [
      edge('e1', 'start', 'prompt-out', 'check', 'value-in'),
      edge('e2', 'check', 'true-out', 'big', 'value-in'),
      edge('e3', 'check', 'false-out', 'small', 'value-in'),
      edge('e4', 'big', 'json-out', 'out', 'value-in'),
      edge('e5', 'small', 'json-out', 'out', 'value-in'),
    ],
    ...overrides,
  });

/** A canvas whose prompt feeds a call of `calleeId` (with `data` on the call node), then an output. */
const caller = (id: string, calleeId: string, data: Record<string, unknown> = {}) =>
  emptyCanvas({
    id,
    nodes: [
      node('p', 'prompt'),
      node('call', 'call-canvas', { data: { canvasId: calleeId, triggerNodeId: 'start', ...data } }),
      node('res', 'output'),
    ],
    edges: [edge('c1', 'p', 'prompt-out', 'call', 'value-in'), edge('c2', 'call', 'result-out', 'res', 'value-in')],
  });

/** A caller that is itself callable: its trigger is `start`, like sizer's. */
const relay = (id: string, calleeId: string) => {
  const canvas = caller(id, calleeId);
  canvas.nodes[0] = node('start', 'prompt');
  canvas.edges[0] = edge('c1', 'start', 'prompt-out', 'call', 'value-in');
  return canvas;
};

const loaderOf = (...canvases: Canvas[]) => {
  const reads: string[] = [];
  const byId = new Map(canvases.map((canvas) => [canvas.id, canvas]));
  const load = async (id: string) => {
    reads.push(id);
    return byId.get(id);
  };
  return { reads, load };
};

async function frozenRun(parent: Canvas, ...others: Canvas[]) {
  const graph = await freezeCalls(freezeGraph(parent, 'p'), parent.id, loaderOf(...others).load);
  return { graph, execution: executionOf(graph, { triggerNodeId: 'p' }) };
}

describe('call-canvas: a nested inline run', () => {
  it('runs the called canvas inside the step and puts its result on result-out', async () => {
    // Prepare
    const parent = caller('cnv_parent', 'cnv_sizer', { inputs: '{"amount": $number($)}' });
    const { graph, execution } = await frozenRun(parent, sizer());
    execution.inputs = { prompt: '250' };

    // Act
    const outcome = await advance(execution, graph, EXECUTORS, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.result).toEqual({ res: { out: { size: 'big', amount: 250 } } });
    expect(execution.nodes.call?.called).toMatchObject({
      canvasId: 'cnv_sizer',
      version: 3,
      status: 'succeeded',
      nodes: { check: { status: 'succeeded' }, big: { status: 'succeeded' }, small: { status: 'skipped' } },
    });
    expect(runsInline(graph)).toBe(true);
  });

  it('passes an object input on as the run inputs when no inputs expression is set', async () => {
    // Prepare
    const parent = emptyCanvas({
      id: 'cnv_parent',
      nodes: [
        node('p', 'prompt'),
        node('order', 'transform', { data: { expression: '{"amount": 80}' } }),
        node('call', 'call-canvas', { data: { canvasId: 'cnv_sizer', triggerNodeId: 'start' } }),
        node('res', 'output'),
      ],
      edges: [
        edge('c0', 'p', 'prompt-out', 'order', 'value-in'),
        edge('c1', 'order', 'json-out', 'call', 'value-in'),
        edge('c2', 'call', 'result-out', 'res', 'value-in'),
      ],
    });
    const { graph, execution } = await frozenRun(parent, sizer());

    // Act
    await advance(execution, graph, EXECUTORS, tickingNow());

    // Assess
    expect(execution.result).toEqual({ res: { out: { size: 'small' } } });
  });

  it("fails the call node with the callee's node and message when the callee fails", async () => {
    // Prepare
    const broken = sizer();
    broken.nodes[1] = node('check', 'if', { data: { condition: '$run.inputs.amount' } });
    const { graph, execution } = await frozenRun(
      caller('cnv_parent', 'cnv_sizer', { inputs: '{"amount": 5}' }),
      broken,
    );

    // Act
    const outcome = await advance(execution, graph, EXECUTORS, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'failed', reason: 'node' });
    expect(execution.nodes.call?.error).toMatch(/canvas cnv_sizer failed at its node check: .*gave a number/);
    expect(execution.nodes.call?.called?.nodes.check?.status).toBe('failed');
  });

  it('freezes the callee at the start: an edit after it does not change the run', async () => {
    // Prepare
    const callee = sizer();
    const { graph, execution } = await frozenRun(
      caller('cnv_parent', 'cnv_sizer', { inputs: '{"amount": 1}' }),
      callee,
    );
    callee.nodes[3] = node('small', 'transform', { data: { expression: '"edited"' } });

    // Act
    await advance(execution, graph, EXECUTORS, tickingNow());

    // Assess
    expect(execution.result).toEqual({ res: { out: { size: 'small' } } });
  });
});

describe('call-canvas: what reaches the caller', () => {
  it("passes the callee's node warnings on to the call node", async () => {
    // Prepare
    const templated = emptyCanvas({
      id: 'cnv_greet',
      nodes: [
        node('start', 'prompt'),
        node('tpl', 'text', { data: { template: 'Hi {{inputs.name}}' } }),
        node('out', 'output'),
      ],
      edges: [edge('t1', 'start', 'prompt-out', 'tpl', 'text-in'), edge('t2', 'tpl', 'text-out', 'out', 'value-in')],
    });
    const { graph, execution } = await frozenRun(caller('cnv_parent', 'cnv_greet', { inputs: '{}' }), templated);

    // Act
    await advance(execution, graph, EXECUTORS, tickingNow());

    // Assess
    expect(execution.result).toEqual({ res: { out: 'Hi ' } });
    expect(execution.timeline).toContainEqual(
      expect.objectContaining({
        type: 'node.warning',
        nodeId: 'call',
        message: expect.stringContaining('canvas cnv_greet node tpl: {{inputs.name}}: the run has no input "name"'),
      }),
    );
  });

  it('checks the inputs expression at save like any expression', () => {
    // Act
    const warnings = canvasWarnings(caller('cnv_parent', 'cnv_sizer', { inputs: '{"amount": ' }));

    // Assess
    expect(warnings).toEqual([
      {
        nodeId: 'call',
        code: 'expression-invalid',
        message: expect.stringMatching(/^Node call \(call-canvas\) inputs: /),
      },
    ]);
  });

  it('leaves a caller to the state machine when its callee needs more than the core executors', async () => {
    // Prepare: an HTTP request is instant, but only the state machine's Advance can make one.
    const fetching = sizer();
    fetching.nodes[3] = node('small', 'http-request', { data: { url: 'https://api.example.com/' } });
    fetching.edges[2] = edge('e3', 'check', 'false-out', 'small', 'text-in');
    fetching.edges[4] = edge('e5', 'small', 'body-out', 'out', 'value-in');

    // Act
    const { graph } = await frozenRun(caller('cnv_parent', 'cnv_sizer'), fetching);

    // Assess
    expect(runsInline(graph)).toBe(false);
  });
});

describe('call-canvas: bounds and refusals', () => {
  /** cnv_0 calls cnv_1 … which calls cnv_{levels}, which calls the sizer. */
  const chain = (levels: number) => [
    caller('cnv_0', 'cnv_1'),
    ...Array.from({ length: levels - 1 }, (_, index) => relay(`cnv_${index + 1}`, `cnv_${index + 2}`)),
    relay(`cnv_${levels}`, 'cnv_sizer'),
    sizer(),
  ];

  it(`runs calls nested ${CALL_MAX_DEPTH} deep and refuses one more level`, async () => {
    // Prepare
    const [deepest, ...deepestOthers] = chain(CALL_MAX_DEPTH - 1);
    const [tooDeep, ...tooDeepOthers] = chain(CALL_MAX_DEPTH);

    // Act
    const { graph, execution } = await frozenRun(deepest!, ...deepestOthers);
    await advance(execution, graph, EXECUTORS, tickingNow());
    const refused = frozenRun(tooDeep!, ...tooDeepOthers).catch((error: unknown) => error);

    // Assess
    expect(execution.error).toBeNull();
    expect(execution.result).toEqual({ res: { res: { res: { res: { res: { out: { size: 'small' } } } } } } });
    expect(await refused).toBeInstanceOf(ValidationError);
    expect(String(await refused)).toContain(`calls nest more than ${CALL_MAX_DEPTH} deep`);
  });

  it('refuses a cycle through others at the start and warns about it on the node at save', async () => {
    // Prepare: A calls B, B calls C, C calls A.
    const a = caller('cnv_a', 'cnv_b');
    const b = relay('cnv_b', 'cnv_c');
    const c = relay('cnv_c', 'cnv_a');
    const { load, reads } = loaderOf(a, b, c);

    // Act
    const refused = freezeCalls(freezeGraph(a, 'p'), a.id, load);
    const warnings = await callProblems(a, load);

    // Assess
    await expect(refused).rejects.toThrow('calls form a cycle (cnv_a → cnv_b → cnv_c → cnv_a)');
    expect(warnings).toEqual([{ nodeId: 'call', message: expect.stringContaining('cnv_a → cnv_b → cnv_c → cnv_a') }]);
    expect(new Set(reads)).toEqual(new Set(['cnv_b', 'cnv_c']));
  });

  it('refuses a frozen callee written into the node by its author: only a run start freezes one', () => {
    // Act
    const parsed = NODE_TYPES['call-canvas'].data.safeParse({
      canvasId: 'cnv_sizer',
      triggerNodeId: 'start',
      [FROZEN_CALL]: { canvasId: 'cnv_sizer', version: 1, triggerNodeId: 'start', graph: { nodes: [], edges: [] } },
    });

    // Assess
    expect(parsed.success).toBe(false);
  });

  it('refuses a canvas calling itself', async () => {
    // Act
    const warnings = await callProblems(relay('cnv_self', 'cnv_self'), loaderOf().load);

    // Assess
    expect(warnings[0]?.message).toContain('calls form a cycle (cnv_self → cnv_self)');
  });

  it('says which canvas is missing, archived, moved past its pinned version or not instant', async () => {
    // Prepare
    const waiting = sizer({ id: 'cnv_waits' });
    waiting.nodes[2] = node('big', 'wait', { data: { seconds: 5 } });
    const cases = [
      [caller('cnv_p', 'cnv_gone'), 'canvas cnv_gone not found in this workspace'],
      [caller('cnv_p', 'cnv_sizer'), 'canvas cnv_sizer is archived: restore it'],
      [caller('cnv_p', 'cnv_sizer', { version: 2 }), 'is at version 3, not the pinned 2'],
      [caller('cnv_p', 'cnv_waits'), 'big (wait): a called canvas must be instant in this version'],
      [caller('cnv_p', 'cnv_sizer', { triggerNodeId: 'out' }), 'has no prompt node out to start from'],
    ] as const;
    const archived = sizer({ archived: true });

    // Act
    const problems = await Promise.all(
      cases.map(([parent], index) => callProblems(parent, loaderOf(index === 1 ? archived : sizer(), waiting).load)),
    );

    // Assess
    for (const [index, [, expected]] of cases.entries()) expect(problems[index]?.[0]?.message).toContain(expected);
  });
});
