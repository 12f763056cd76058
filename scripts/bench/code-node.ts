// bench (part of `npm run bench`): the code node's sandbox as deployed (QuickJS in a worker thread that
// is stopped from outside when late). A benchmark, not a test: it prints numbers and asserts nothing.
//
//   the worker's start and QuickJS's load (cold, once per process) · a trivial call (fresh runtime +
//   context each, a round trip to the worker; median of BENCH_CODE_CALLS, 500) · how long after its limit
//   each kind of runaway is stopped, at the default 1,000 ms and the 5,000 ms ceiling, and by whom: QuickJS's
//   own deadline (`timeout`), its memory or stack limit, or the host stopping the worker (`stopped from
//   outside`) · whether the next call works and anything is left running (active handles before/after).
import { availableParallelism, loadavg } from 'node:os';
import { CODE_LIMITS } from '#core/code/sandbox';
import { QuickJsSandbox } from '#adapters/sandbox/quickjs-sandbox';

const CALLS = Number(process.env.BENCH_CODE_CALLS ?? 500);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (value: number, digits = 1) => value.toFixed(digits);
const ARGS = { input: { a: 1, b: 2 }, inputs: [{ a: 1, b: 2 }], run: { inputs: {} } };
const { defaultTimeoutMs: DEFAULT, maxTimeoutMs: CEILING } = CODE_LIMITS;

const RUNAWAYS: [string, string, number][] = [
  ['while(true){}', 'while (true) {}', DEFAULT],
  ['while(true){}', 'while (true) {}', CEILING],
  ['allocating loop', 'const a = []; while (true) a.push(new Array(1000).fill(1));', DEFAULT],
  ['loop of joins', 'const a = new Array(2e5).fill("abc"); while (true) a.join(",");', DEFAULT],
  ['loop of joins', 'const a = new Array(2e5).fill("abc"); while (true) a.join(",");', CEILING],
  ['regex backtrack', 'return /(a+)+$/.test("a".repeat(40) + "b")', DEFAULT],
  ['memory bomb', 'let s = "x"; while (true) s += s;', CEILING],
  ['stack overflow', 'const f = (n) => f(n + 1); return f(0)', CEILING],
];

async function main() {
  const sandbox = new QuickJsSandbox();
  const handlesBefore = process.getActiveResourcesInfo().length;
  const run = (source: string, timeoutMs: number = DEFAULT) => sandbox.run({ source, args: ARGS, timeoutMs });

  let started = performance.now();
  await run('return 1');
  const coldMs = performance.now() - started;
  const trivial: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    started = performance.now();
    await run('return { sum: input.a + input.b }');
    trivial.push(performance.now() - started);
  }

  const load = loadavg()
    .map((n) => fmt(n, 2))
    .join(' ');
  console.log(`\ncode node sandbox (load ${load}, ${availableParallelism()} cores)`);
  console.log(`  first call: worker start + QuickJS load  ${fmt(coldMs)} ms`);
  console.log(`  trivial call, median of ${CALLS}            ${fmt(median(trivial), 2)} ms (fresh runtime + context)`);
  for (const [label, source, limit] of RUNAWAYS) {
    started = performance.now();
    const outcome = await run(source, limit);
    // The call's wall time includes starting a new worker when the previous runaway's was stopped.
    const wall = performance.now() - started;
    const how = outcome.ok
      ? 'ok?!'
      : outcome.message.includes('from outside')
        ? 'stopped from outside'
        : outcome.reason;
    const past = outcome.ok || outcome.reason !== 'timeout' ? '' : `, ${fmt(outcome.elapsedMs - limit, 0)} ms past it`;
    console.log(
      `  ${label.padEnd(16)} limit ${String(limit).padStart(5)} ms → ${how} after ${fmt(outcome.elapsedMs, 0)} ms` +
        `${past} (call ${fmt(wall, 0)} ms)`,
    );
  }
  const after = await run('return "fine"');
  console.log(`  next call after them                    ${after.ok ? after.json : 'FAILED'}`);
  console.log(`  workers started                         ${sandbox.workersStarted}`);
  console.log(`  active handles before/after             ${handlesBefore}/${process.getActiveResourcesInfo().length}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
