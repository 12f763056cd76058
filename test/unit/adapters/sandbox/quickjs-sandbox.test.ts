// unit (adapter): the code sandbox as deployed — QuickJS in a worker thread that is stopped from outside
// when a run outlives its limit. QuickJS's own deadline misses a loop whose body is one long native call
// (a backtracking regular expression, a large join): the worker is stopped at the limit plus a grace,
// and the next run gets a new worker and works.
import { describe, expect, it } from 'vitest';
import type { CodeRun } from '#core/code/sandbox';
import { HARD_STOP_GRACE_MS, QuickJsSandbox } from '../../../../functions/adapters/sandbox/quickjs-sandbox.ts';

const sandbox = new QuickJsSandbox();
const NO_INPUTS: CodeRun['args'] = { input: null, inputs: [], run: { inputs: {} } };
const run = (source: string, timeoutMs = 500) => sandbox.run({ source, args: NO_INPUTS, timeoutMs });
/** Slack for a loaded 2-core machine: stopping and reporting are not instant. */
const SLACK_MS = 1_000;

describe('QuickJsSandbox', { timeout: 60_000 }, () => {
  it('runs code in its worker and answers its result and console lines', async () => {
    // Act
    const outcome = await sandbox.run({
      source: 'console.log("in the worker"); return input.n * 2',
      args: { input: { n: 21 }, inputs: [{ n: 21 }], run: { inputs: {} } },
      timeoutMs: 1_000,
    });

    // Assess
    expect(outcome).toMatchObject({ ok: true, json: '42', logs: ['in the worker'] });
  });

  it.each([
    ['a backtracking regular expression', 'return /(a+)+$/.test("a".repeat(40) + "b")'],
    ['a loop of long native calls', 'const a = new Array(2e5).fill("abc"); while (true) a.join(",");'],
  ])('stops %s that QuickJS would not stop in time, and the next run works', async (_label, source) => {
    // Prepare
    const before = sandbox.workersStarted;

    // Act
    const started = Date.now();
    const stopped = await run(source);
    const elapsed = Date.now() - started;
    const next = await run('return "next"');

    // Assess
    expect(stopped).toMatchObject({ ok: false, reason: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(500);
    expect(elapsed).toBeLessThan(500 + HARD_STOP_GRACE_MS + SLACK_MS);
    expect(next).toMatchObject({ ok: true, json: '"next"' });
    expect(sandbox.workersStarted).toBe(before + 1);
  });

  it('lets QuickJS stop a plain endless loop itself, keeping its worker', async () => {
    // Prepare
    await run('return 0');
    const before = sandbox.workersStarted;

    // Act
    const stopped = await run('console.log("looping"); while (true) {}');

    // Assess
    expect(stopped).toMatchObject({
      ok: false,
      reason: 'timeout',
      message: 'InternalError: interrupted',
      logs: ['looping'],
    });
    expect(sandbox.workersStarted).toBe(before);
  });

  it('keeps the host out of reach and untouched', async () => {
    // Act
    const globals = await run(
      'Object.prototype.polluted = 1; return ["require", "process", "fetch", "Worker", "postMessage", "std", "os"].filter((name) => typeof globalThis[name] !== "undefined")',
    );

    // Assess
    expect(globals).toMatchObject({ ok: true, json: '[]' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('checks syntax in its worker', async () => {
    // Act
    const checked = [await sandbox.syntaxError('return {'), await sandbox.syntaxError('return 1')];

    // Assess
    expect(checked[0]).toMatch(/^SyntaxError: /);
    expect(checked[1]).toBeUndefined();
  });

  it('holds nothing that keeps the process alive once it is idle', async () => {
    // Prepare
    const ports = () => process.getActiveResourcesInfo().filter((kind) => kind === 'MessagePort').length;
    const fresh = new QuickJsSandbox();
    const before = ports();

    // Act
    const done = await fresh.run({ source: 'return 1', args: NO_INPUTS, timeoutMs: 500 });
    const after = ports();

    // Assess
    expect(done).toMatchObject({ ok: true, json: '1' });
    expect(after).toBe(before);
  });
});
