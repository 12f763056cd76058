// unit (adapter): QuickJS as a code node's sandbox runs it (in the worker thread: quickjs-sandbox.test.ts
// tries the worker) — each limit and each way out tried for real: a runaway loop, a memory bomb, deep
// recursion and deep nesting (the module is then rebuilt and the next call works), prototype pollution,
// reaching for the host, results that are not JSON, console capture.
import { describe, expect, it } from 'vitest';
import { CODE_LIMITS, type CodeRun } from '#core/code/sandbox';
import { QuickJsRunner } from '../../../../functions/adapters/sandbox/quickjs-runner.ts';

const sandbox = new QuickJsRunner();
const NO_INPUTS: CodeRun['args'] = { input: null, inputs: [], run: { inputs: {} } };

function run(source: string, options: Partial<CodeRun> = {}) {
  return sandbox.run({ source, args: NO_INPUTS, timeoutMs: 1_000, ...options });
}

/** The slack a deadline is allowed on this shared 2-core machine (measured overshoot: docs/language.md). */
const OVERSHOOT_MS = 1_500;

describe('QuickJsRunner', { timeout: 30_000 }, () => {
  it('passes the inputs in as JSON values and returns the result as JSON text', async () => {
    // Prepare
    const args = { input: { a: 2, b: 3 }, inputs: [{ a: 2, b: 3 }, 'text'], run: { inputs: { who: 'ada' } } };

    // Act
    const outcome = await run('return { sum: input.a + input.b, count: inputs.length, who: run.inputs.who }', {
      args,
    });

    // Assess
    expect(outcome).toMatchObject({ ok: true, json: '{"sum":5,"count":2,"who":"ada"}' });
  });

  it('stops while(true){} at its deadline, and the next call works', async () => {
    // Act
    const started = Date.now();
    const stopped = await run('while (true) {}', { timeoutMs: 300 });
    const elapsed = Date.now() - started;
    const next = await run('return 1 + 1');

    // Assess
    expect(stopped).toMatchObject({ ok: false, reason: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThan(300 + OVERSHOOT_MS);
    expect(next).toMatchObject({ ok: true, json: '2' });
  });

  it('stops a memory bomb at its memory limit, long before its deadline', async () => {
    // Act
    const bomb = await run('let s = "x"; while (true) s = s + s;', { timeoutMs: 5_000 });
    const next = await run('return "after"');

    // Assess
    expect(bomb).toMatchObject({ ok: false, reason: 'memory' });
    expect(bomb.elapsedMs).toBeLessThan(5_000);
    expect(next).toMatchObject({ ok: true, json: '"after"' });
  });

  it('fails deep recursion on its stack limit, rebuilds the module, and the next call works', async () => {
    // Prepare
    const before = sandbox.modulesLoaded;

    // Act
    const overflow = await run('function down(n) { return down(n + 1) + 1 } return down(0)');
    const next = await run('return "still here"');

    // Assess
    expect(overflow).toMatchObject({ ok: false, reason: 'stack' });
    expect(sandbox.modulesLoaded).toBe(before + 1);
    expect(next).toMatchObject({ ok: true, json: '"still here"' });
  });

  it('fails values nested too deeply for the host stack (JSON.parse) without harming the process', async () => {
    // Act: QuickJS's native recursion runs out of V8's stack before its own check (quickjs-sandbox.ts).
    const nested = await run('return JSON.parse("[".repeat(100000) + "]".repeat(100000))');
    const next = await run('return [1, 2]');

    // Assess
    expect(nested).toMatchObject({ ok: false, reason: 'stack' });
    expect(next).toMatchObject({ ok: true, json: '[1,2]' });
  });

  it('keeps prototype pollution inside the sandbox and inside the one call', async () => {
    // Act
    const polluted = await run('Object.prototype.polluted = "yes"; Array.prototype.push = null; return ({}).polluted');
    const fresh = await run('return [({}).polluted === undefined, typeof [].push]');

    // Assess
    expect(polluted).toMatchObject({ ok: true, json: '"yes"' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(typeof [].push).toBe('function');
    expect(fresh).toMatchObject({ ok: true, json: '[true,"function"]' });
  });

  it('gives the code nothing of the host: no require, process, fetch, timers, std or os', async () => {
    // Act
    const globals = await run(
      'return ["require", "process", "fetch", "setTimeout", "std", "os", "Buffer", "WebAssembly"].filter((name) => typeof globalThis[name] !== "undefined")',
    );
    const required = await run('return require("fs")');
    const fetched = await run('return globalThis.fetch("https://example.com")');
    const imported = await run('return import("os")');
    const modules = [await run('return std.open("/etc/passwd", "r")'), await run('return os.exec(["ls"])')];

    // Assess
    expect(globals).toMatchObject({ ok: true, json: '[]' });
    expect(required).toMatchObject({ ok: false, reason: 'threw', message: expect.stringMatching(/ReferenceError/) });
    expect(fetched).toMatchObject({ ok: false, reason: 'threw', message: expect.stringMatching(/TypeError/) });
    expect(imported).toMatchObject({ ok: false, reason: 'threw', message: expect.stringMatching(/Promise/) });
    for (const outcome of modules)
      expect(outcome).toMatchObject({ ok: false, reason: 'threw', message: expect.stringMatching(/ReferenceError/) });
  });

  it.each([
    ['a function', 'return () => 1', /the result is a function/],
    ['undefined', 'return undefined', /the result is undefined/],
    ['no return at all', 'const x = 1', /the result is undefined/],
    ['a BigInt inside', 'return { n: 10n }', /the result\.n is a BigInt/],
    ['a cycle', 'const a = { list: [] }; a.list.push(a); return a', /the result\.list\[0\] refers back/],
    ['a Map', 'return new Map()', /the result is a Map/],
    ['NaN', 'return [0 / 0]', /the result\[0\] is NaN/],
  ])('refuses %s as a result, saying where and that it is not JSON', async (_label, source, message) => {
    // Act
    const outcome = await run(source);

    // Assess
    expect(outcome).toMatchObject({ ok: false, reason: 'threw' });
    if (!outcome.ok) expect(outcome.message).toMatch(message);
    if (!outcome.ok) expect(outcome.message).toMatch(/not JSON/);
  });

  it('refuses a result larger than a port may carry', async () => {
    // Act
    const outcome = await run(`return "x".repeat(${CODE_LIMITS.maxResultChars + 10})`);

    // Assess
    expect(outcome).toMatchObject({ ok: false, reason: 'threw', message: expect.stringMatching(/over 1048576/) });
  });

  it('turns a Date into its JSON text, as JSON.stringify does', async () => {
    // Act
    const outcome = await run('return { at: new Date(0) }');

    // Assess
    expect(outcome).toMatchObject({ ok: true, json: '{"at":"1970-01-01T00:00:00.000Z"}' });
  });

  it('reports what the code threw, with its line', async () => {
    // Act
    const outcome = await run('const a = 1;\nthrow new RangeError("too far: " + a);');

    // Assess
    expect(outcome).toMatchObject({ ok: false, reason: 'threw', message: 'RangeError: too far: 1 (line 2)' });
  });

  it('reports a syntax error as one, without running anything', async () => {
    // Act
    const outcome = await run('console.log("ran");\nreturn {');

    // Assess
    expect(outcome).toMatchObject({ ok: false, reason: 'syntax', logs: [] });
    if (!outcome.ok) expect(outcome.message).toMatch(/^SyntaxError: /);
  });

  it('captures console output, bounded in lines and characters', async () => {
    // Act
    const some = await run('console.log("a", 1, { b: [2] }); console.error("oops"); return null');
    const many = await run('for (let i = 0; i < 10000; i++) console.log("line " + i); return null');
    const wide = await run('console.log("y".repeat(100000)); return null');

    // Assess
    expect(some).toMatchObject({ ok: true, logs: ['a 1 {"b":[2]}', 'oops'] });
    expect(many.logs).toHaveLength(CODE_LIMITS.maxLogLines + 1);
    expect(many.logs.at(-1)).toMatch(/console output truncated/);
    expect(wide.logs[0]).toHaveLength(CODE_LIMITS.maxLogChars);
  });

  it('keeps the logs of a run that failed', async () => {
    // Act
    const outcome = await run('console.log("before"); throw new Error("after")');

    // Assess
    expect(outcome).toMatchObject({ ok: false, logs: ['before'], message: expect.stringMatching(/^Error: after/) });
  });

  it('starts every call in a fresh context: globals do not survive', async () => {
    // Act
    await run('globalThis.leftover = 42; return null');
    const next = await run('return typeof leftover');

    // Assess
    expect(next).toMatchObject({ ok: true, json: '"undefined"' });
  });

  it('checks syntax without running the code', async () => {
    // Act
    const bad = await sandbox.syntaxError('return {');
    const good = await sandbox.syntaxError('while (true) {} return 1');

    // Assess
    expect(bad).toMatch(/^SyntaxError: /);
    expect(good).toBeUndefined();
  });
});
