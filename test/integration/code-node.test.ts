// integration: the code node (issue 33 item 6) in real runs on the local stack — accepted through
// POST /api/run and run inline by the accepting function, and on the state machine (the local Step
// Functions stand-in, INLINE_INSTANT_RUNS=off) by Advance: inputs in, JSON result and console lines out;
// a runaway node fails the run at its limit and the next run works; get_canvas warns about code that
// does not compile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startRunsStack, type RunsStack } from './support/runs-stack.ts';

let stack: RunsStack;
let client: Client;

beforeAll(async () => {
  stack = await startRunsStack();
  client = new Client(stack.baseUrl, stack.key);
});

afterAll(async () => {
  delete process.env.INLINE_INSTANT_RUNS;
  await stack?.stop();
});

/** prompt ──▶ code ──▶ out (result-out, logs-out), through the canvas routes. */
async function codeCanvas(data: Record<string, unknown>): Promise<string> {
  const canvasId = await client.createCanvas('Code canvas');
  await client.addNode(canvasId, { id: 'prompt', type: 'prompt', data: { prompt: 'hello' } });
  await client.addNode(canvasId, { id: 'code', type: 'code', data });
  await client.addNode(canvasId, { id: 'out', type: 'output' });
  const wire = (id: string, source: string, sourceHandle: string, target: string, targetHandle: string) =>
    client.addEdge(canvasId, { id, source, sourceHandle, target, targetHandle });
  await wire('e1', 'prompt', 'prompt-out', 'code', 'value-in');
  await wire('e2', 'code', 'result-out', 'out', 'value-in');
  await wire('e3', 'code', 'logs-out', 'out', 'value-in');
  return canvasId;
}

async function run(canvasId: string, inputs: Record<string, unknown> = {}) {
  const accepted = await client.run({ canvasId, triggerNodeId: 'prompt', inputs });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  return client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed', 'cancelled');
}

const SOURCE =
  'console.log("words:", input.split(" ").length);\nreturn { upper: input.toUpperCase(), n: run.inputs.n }';

describe('the code node in a run', { timeout: 60_000 }, () => {
  it.each([
    ['inline, in the accepting function', 'on'],
    ['on the state machine, in Advance', 'off'],
  ])('runs %s: inputs in, its JSON result and console lines on its ports', async (_path, inline) => {
    // Prepare
    process.env.INLINE_INSTANT_RUNS = inline;
    const canvasId = await codeCanvas({ source: SOURCE });

    // Act
    const done = await run(canvasId, { prompt: 'make it loud', n: 7 });

    // Assess
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.outputs.code).toEqual({ 'result-out': { upper: 'MAKE IT LOUD', n: 7 }, 'logs-out': 'words: 3' });
    expect(done.outputs.out.value).toEqual([{ upper: 'MAKE IT LOUD', n: 7 }, 'words: 3']);
  });

  it.each([
    ['an endless loop', 'while (true) {}'],
    ['a backtracking regular expression (stopped from outside)', 'return /(a+)+$/.test("a".repeat(40) + "b")'],
  ])('fails a runaway node (%s) at its limit with a clear message, and the next run works', async (_label, source) => {
    // Prepare
    process.env.INLINE_INSTANT_RUNS = 'on';
    const runaway = await codeCanvas({ source, timeoutMs: 300 });
    const fine = await codeCanvas({ source: 'return input.length' });

    // Act
    const started = Date.now();
    const stopped = await run(runaway);
    const elapsed = Date.now() - started;
    const next = await run(fine);

    // Assess
    expect(stopped.status).toBe('failed');
    expect(stopped.error).toMatchObject({ nodeId: 'code', message: expect.stringMatching(/past its 300 ms limit/) });
    expect(elapsed).toBeLessThan(10_000);
    expect(next.status).toBe('succeeded');
    expect(next.outputs.code['result-out']).toBe(5);
  });

  it('fails the node when the code reaches for the host', async () => {
    // Prepare
    process.env.INLINE_INSTANT_RUNS = 'on';
    const canvasId = await codeCanvas({ source: 'return process.env' });

    // Act
    const done = await run(canvasId);

    // Assess
    expect(done.status).toBe('failed');
    expect(done.error.message).toMatch(/ReferenceError: 'process' is not defined/);
  });

  it('warns in get_canvas about a code node whose source does not compile', async () => {
    // Prepare
    const canvasId = await codeCanvas({ source: 'return {' });

    // Act
    const state = await client.get('/api/mcp/canvas/state', { canvasId });

    // Assess
    expect(state.status).toBe(200);
    expect(state.body.warnings).toEqual([
      { nodeId: 'code', code: 'code-syntax', message: expect.stringMatching(/^Node code \(code\): SyntaxError/) },
    ]);
  });
});
