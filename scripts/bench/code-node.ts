// bench (part of `npm run bench`): the code node's sandbox. A benchmark, not a test: it prints numbers
// and asserts nothing.
//
//   QuickJS module load (cold, once per process) · a trivial call (fresh runtime + context each, median of
//   BENCH_CODE_CALLS, 500) · how long past its limit a runaway is stopped — while(true){} and an
//   allocating loop, each at the default 1,000 ms and the 5,000 ms ceiling — a memory bomb, a stack overflow
//   with its module rebuild, and whether anything is left running after (active handles before and after).
import { availableParallelism, loadavg } from 'node:os';
import { CODE_LIMITS } from '#core/code/sandbox';
import { QuickJsSandbox } from '#adapters/sandbox/quickjs-sandbox';

const CALLS = Number(process.env.BENCH_CODE_CALLS ?? 500);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (value: number, digits = 1) => value.toFixed(digits);
const ARGS = { input: { a: 1, b: 2 }, inputs: [{ a: 1, b: 2 }], run: { inputs: {} } };

async function main() {
  const sandbox = new QuickJsSandbox();
  const handlesBefore = process.getActiveResourcesInfo().length;
  const run = (source: string, timeoutMs: number = CODE_LIMITS.defaultTimeoutMs) =>
    sandbox.run({ source, args: ARGS, timeoutMs });

  let started = performance.now();
  await run('return 1');
  const coldMs = performance.now() - started;
  const trivial: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    started = performance.now();
    await run('return { sum: input.a + input.b }');
    trivial.push(performance.now() - started);
  }

  console.log(
    `\ncode node sandbox (load ${loadavg()
      .map((n) => fmt(n, 2))
      .join(' ')}, ${availableParallelism()} cores)`,
  );
  console.log(`  first call, module load included  ${fmt(coldMs)} ms`);
  console.log(`  trivial call, median of ${CALLS}       ${fmt(median(trivial), 2)} ms (fresh runtime + context)`);
  const runaways: [string, string, number][] = [
    ['while(true){}', 'while (true) {}', CODE_LIMITS.defaultTimeoutMs],
    ['while(true){}', 'while (true) {}', CODE_LIMITS.maxTimeoutMs],
    ['allocating loop', 'const a = []; while (true) a.push(new Array(1000).fill(1));', CODE_LIMITS.defaultTimeoutMs],
    ['allocating loop', 'const a = []; while (true) a.push({ x: [1, 2, 3] });', CODE_LIMITS.maxTimeoutMs],
    ['memory bomb', 'let s = "x"; while (true) s += s;', CODE_LIMITS.maxTimeoutMs],
    ['stack overflow', 'const f = (n) => f(n + 1); return f(0)', CODE_LIMITS.maxTimeoutMs],
  ];
  for (const [label, source, limit] of runaways) {
    started = performance.now();
    const outcome = await run(source, limit);
    const ms = performance.now() - started;
    const reason = outcome.ok ? 'ok?!' : outcome.reason;
    const over = reason === 'timeout' ? `, ${fmt(ms - limit, 0)} ms past it` : '';
    console.log(
      `  ${label.padEnd(16)} limit ${String(limit).padStart(5)} ms → ${reason} after ${fmt(ms, 0)} ms${over}`,
    );
  }
  const after = await run('return "fine"');
  console.log(
    `  next call after them               ${after.ok ? after.json : 'FAILED'}; modules loaded ${sandbox.modulesLoaded}`,
  );
  console.log(`  active handles before/after        ${handlesBefore}/${process.getActiveResourcesInfo().length}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
