// unit: the code node through one engine step (advance) with the real QuickJS sandbox — its inputs, its
// result and console on their ports, and each way its code can fail: the node fails with a message that
// says what happened and what to do, and the run fails there; nothing else is touched.
import { describe, expect, it } from 'vitest';
import { codeExecutor } from '#core/code/code-node';
import { CODE_LIMITS } from '#core/code/sandbox';
import { NODE_TYPES } from '#core/canvas/node-types';
import { estimateCanvasCost } from '#core/canvas/cost-estimate';
import { priceBookFrom } from '#core/credits/prices';
import { advance } from '#core/runs/engine';
import { EXECUTORS } from '#core/runs/executors';
import { runsInline } from '#core/runs/inline';
import { QuickJsSandbox } from '../../../../functions/adapters/sandbox/quickjs-sandbox.ts';
import { edge, executionOf, graph, node, tickingNow } from '../runs/support.ts';

const executors = { ...EXECUTORS, code: codeExecutor(new QuickJsSandbox()) };

/** prompt ──▶ code ──▶ out (result-out and logs-out), the code node holding `data`. */
function codeGraph(data: Record<string, unknown>) {
  return graph(
    [node('prompt', 'prompt', { data: { prompt: 'hello' } }), node('code', 'code', { data }), node('out', 'output')],
    [
      edge('e1', 'prompt', 'prompt-out', 'code', 'value-in'),
      edge('e2', 'code', 'result-out', 'out', 'value-in'),
      edge('e3', 'code', 'logs-out', 'out', 'value-in'),
    ],
  );
}

async function runCode(data: Record<string, unknown>, inputs: Record<string, unknown> = {}) {
  const frozen = codeGraph(data);
  const execution = executionOf(frozen, { inputs });
  const outcome = await advance(execution, frozen, executors, tickingNow());
  return { outcome, execution };
}

describe('the code node', { timeout: 30_000 }, () => {
  it('gets its inputs and the run inputs, and puts its result and console lines on its ports', async () => {
    // Act
    const { outcome, execution } = await runCode(
      { source: 'console.log("got", input);\nreturn { shout: input.toUpperCase(), n: run.inputs.n * 2, inputs }' },
      { n: 21 },
    );

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.outputs.code).toEqual({
      'result-out': { shout: 'HELLO', n: 42, inputs: ['hello'] },
      'logs-out': 'got hello',
    });
    expect(execution.result.out).toEqual([{ shout: 'HELLO', n: 42, inputs: ['hello'] }, 'got hello']);
  });

  it.each([
    ['an endless loop', { source: 'while (true) {}', timeoutMs: 200 }, /ran past its 200 ms limit and was stopped/],
    ['a memory bomb', { source: 'let s = "x"; while (true) s += s;' }, /more than its 32 MiB of memory/],
    ['deep recursion', { source: 'const f = (n) => f(n + 1); return f(0)' }, /overflowed its stack/],
    ['a syntax error', { source: 'return {' }, /does not compile: SyntaxError/],
    ['a throw', { source: 'throw new TypeError("bad input")' }, /The code failed: TypeError: bad input/],
    ['require', { source: 'return require("child_process")' }, /ReferenceError: 'require' is not defined/],
    ['process', { source: 'return process.env' }, /ReferenceError: 'process' is not defined/],
    ['a function result', { source: 'return { f() {} }' }, /the result\.f is a function, which is not JSON/],
    ['no source', {}, /has no source/],
  ])('fails the node, and the run, with a clear message on %s', async (_label, data, message) => {
    // Act
    const { outcome, execution } = await runCode(data);

    // Assess
    expect(outcome).toEqual({ status: 'failed', reason: 'node' });
    expect(execution.nodes.code).toMatchObject({ status: 'failed' });
    expect(execution.error).toMatchObject({ nodeId: 'code', message: expect.stringMatching(message) });
    expect(execution.nodes.out).toMatchObject({ status: 'pending' });
  });

  it('shows the console lines written before a failure in its message', async () => {
    // Act
    const { execution } = await runCode({ source: 'console.log("step 1 done");\nnull.x' });

    // Assess
    expect(execution.error?.message).toMatch(/TypeError[\s\S]*Its last console lines:\nstep 1 done$/);
  });

  it('refuses node data over the source and time limits when the canvas is edited', () => {
    // Act
    const long = NODE_TYPES.code.data.safeParse({ source: 'x'.repeat(CODE_LIMITS.maxSourceLength + 1) });
    const slow = NODE_TYPES.code.data.safeParse({ source: 'return 1', timeoutMs: CODE_LIMITS.maxTimeoutMs + 1 });
    const fine = NODE_TYPES.code.data.safeParse({ source: 'return 1', timeoutMs: CODE_LIMITS.maxTimeoutMs });

    // Assess
    expect(long.success).toBe(false);
    expect(slow.success).toBe(false);
    expect(fine.success).toBe(true);
  });

  it('costs no credits', () => {
    // Act
    const canvas = { id: 'cnv_test', version: 1, ...codeGraph({ source: 'return 1' }) };
    const estimate = estimateCanvasCost(canvas, priceBookFrom({}));

    // Assess
    expect(estimate).toMatchObject({ nodes: [], totalCredits: 0, complete: true });
  });

  it("runs inline only while its code nodes' limits add up to one node's ceiling", () => {
    // Prepare
    const one = codeGraph({ source: 'return 1', timeoutMs: CODE_LIMITS.maxTimeoutMs });
    const two = graph(
      [...one.nodes, node('more', 'code', { data: { source: 'return 2' } })],
      [...one.edges, edge('e4', 'prompt', 'prompt-out', 'more', 'value-in')],
    );

    // Act
    const inline = [runsInline(one, executors), runsInline(two, executors)];

    // Assess
    expect(inline).toEqual([true, false]);
  });
});
