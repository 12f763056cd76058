// bench report of the load targets: the table, the ratios against the ceiling and the floors, the goals,
// and the SDK calls per accepted run (isolated and under load).
import { cpus, loadavg } from 'node:os';
import { fmt, line, per, scoped, sum } from './figures.ts';
import type { LoadRow } from './load-targets.ts';
import { type Isolated, RUNS } from './run-paths.ts';
import { CONNECTIONS, DURATION, ROUNDS, WARMUP } from './settings.ts';

export interface LoadReport {
  startedMs: number;
  dataDir: string;
  /** The 1-minute load average when the bench began. */
  loadBefore: number;
  /** JSON sizes of the captured run's inputs the floors replay (host command `capture:take`). */
  floorBytes: Record<string, number | string>;
  results: LoadRow[];
  isolated: Isolated;
}

/** Prints the load section; answers target c's row, which the cost model prices under load. */
export function reportLoad({ startedMs, dataDir, loadBefore, floorBytes, results, isolated }: LoadReport): LoadRow {
  console.log(
    `\nbench: ${CONNECTIONS} connections, ${DURATION} s measured after ${WARMUP} s warm-up per target and round (b, b+auth, c: ${ROUNDS} rounds, alternating order; req/s = mean of rounds, p50/p99 over all); 127.0.0.1; node ` +
      `${process.version}; stack up in ${(startedMs / 1000).toFixed(1)} s; DATA_DIR ` +
      `${dataDir}`,
  );
  const loadAfter = loadavg()[0]!;
  const cores = cpus().length;
  console.log(
    `machine: ${cores} cores; 1-min load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after` +
      (Math.max(loadBefore, loadAfter) > cores
        ? ' — other work was competing for the CPU: compare ratios, not absolute numbers'
        : ''),
  );
  console.log(
    `floor inputs (captured from a real run, JSON bytes): BatchGetItem ${floorBytes.batchGetItem}, ` +
      `the accept's writes ${floorBytes.writes}, StartExecution ${floorBytes.startExecution}`,
  );
  console.log(line);
  console.log(
    `${'target'.padEnd(18)}${'req/s'.padStart(8)} ` +
      `${'(rounds)'.padEnd(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `${'non2xx'.padStart(7)}${'err'.padStart(4)}` +
      `  ${'CPU ms/run: host  java'.padEnd(24)} loadgen%   runs started/settled, backlog → drain`,
  );
  for (const r of results) {
    const runs = r.started ? `${r.started}/${r.settled}, ${r.backlog} → ${(r.drainMs / 1000).toFixed(1)} s` : '–';
    const rounds = r.rounds.length > 1 ? `(${r.rounds.map((x) => x.toFixed(0)).join('/')})` : '';
    const loadgen = fmt((100 * r.loadgenMs) / (r.seconds * 1000), 0);
    console.log(
      `${r.name.padEnd(18)}${fmt(r.rps, 0).padStart(8)} ${rounds.padEnd(10)}` +
        `${fmt(r.p50, 1).padStart(9)}${fmt(r.p99, 1).padStart(9)}` +
        `${String(r.non2xx).padStart(7)}${String(r.errors).padStart(4)}` +
        `  ${fmt(r.hostMs / r.runs, 2).padStart(16)}${fmt(r.javaMs / r.runs, 2).padStart(6)}` +
        `  ${loadgen.padStart(8)}%   ${runs}`,
    );
  }
  console.log(line);
  const [a, b0, b, bAuth, c, w] = results as unknown as [LoadRow, LoadRow, LoadRow, LoadRow, LoadRow, LoadRow];
  console.log(
    `ratios (req/s): c/a ${fmt(c.rps / a.rps, 4)}   c/b ${fmt(c.rps / b.rps, 2)}   ` +
      `c/(b+auth) ${fmt(c.rps / bAuth.rps, 2)}   b/b0 ${fmt(b.rps / b0.rps, 2)}   ` +
      `b/a ${fmt(b.rps / a.rps, 4)}`,
  );
  console.log(
    `webhook (w): w/a ${fmt(w.rps / a.rps, 4)}   w/b ${fmt(w.rps / b.rps, 2)}   ` +
      `w/(b+auth) ${fmt(w.rps / bAuth.rps, 2)}   p50 ${fmt(w.p50, 1)} ms, p99 ` +
      `${fmt(w.p99, 1)} ms; request-path calls per run ` +
      `${per(scoped(w.calls, 'request '), w.runs)}`,
  );
  console.log(
    `goals: w/b ≥ 0.7 → ${w.rps / b.rps >= 0.7 ? 'met' : 'NOT met'}; p99(w) < 100 ` +
      `ms → ${w.p99 < 100 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `goals: c/b ≥ 0.7 → ${c.rps / b.rps >= 0.7 ? 'met' : 'NOT met'}; p99(c) < 100 ` +
      `ms at ${CONNECTIONS} clients → ${c.p99 < 100 ? 'met' : 'NOT met'} ` +
      `(${fmt(c.p99, 1)} ms)`,
  );
  // Item 6 of issue 26: the floor's own p99 is the reference (DynamoDB Local under 16 clients).
  console.log(
    `p99 against the floor's: p99(c)/p99(b) ${fmt(c.p99 / b.p99, 2)}   p99(w)/p99(b) ${fmt(w.p99 / b.p99, 2)}` +
      ` (b ${fmt(b.p99, 1)} ms, c ${fmt(c.p99, 1)} ms, w ${fmt(w.p99, 1)} ms); aim ≤ 1.1 → ` +
      `${c.p99 / b.p99 <= 1.1 && w.p99 / b.p99 <= 1.1 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `host CPU per run beyond the floor: c − b = ${fmt(c.hostMs / c.runs - b.hostMs / b.runs, 2)} ms (request shell, zod, auth, proxy event, domain logic); c − (b+auth) = ` +
      `${fmt(c.hostMs / c.runs - bAuth.hostMs / bAuth.runs, 2)} ms`,
  );
  for (const r of results)
    if (r.non2xx || r.errors) console.log(`  ${r.name}: statuses ${per(r.statuses, 1)}, connection errors ${r.errors}`);

  console.log(line);
  console.log(`SDK calls per accepted run (middleware on the handlers' DynamoDB and SFN clients):`);
  console.log(
    `  isolated (${RUNS} runs, one at a time), request path → 202:  ${per(scoped(isolated.calls, 'request '), RUNS)}  = ` +
      `${fmt(sum(scoped(isolated.calls, 'request ')) / RUNS, 2)}`,
  );
  console.log(
    `  isolated, engine (Advance + Finalize, no callback URL):      ${per(scoped(isolated.calls, 'engine '), RUNS)}  = ` +
      `${fmt(sum(scoped(isolated.calls, 'engine ')) / RUNS, 2)}`,
  );
  console.log(
    `  under load c (${c.runs} runs, window + drain), request path:     ${per(scoped(c.calls, 'request '), c.runs)}`,
  );
  console.log(
    `  under load c, engine:                                       ${per(scoped(c.calls, 'engine '), c.runs)}`,
  );
  console.log(
    `  floors, engine calls per run: b ${fmt(sum(scoped(b.calls, 'engine ')) / b.runs, 2)}, b+auth ` +
      `${fmt(sum(scoped(bAuth.calls, 'engine ')) / bAuth.runs, 2)}, b0 ` +
      `${fmt(sum(scoped(b0.calls, 'engine ')) / b0.runs, 2)} (their own request-path ` +
      `calls: BatchGet, the accept's writes, StartExecution; b+auth also the GetItem)`,
  );
  console.log(
    `  state transitions per run (StateEntered in the engine's event log): ` +
      `${per(isolated.states, RUNS)} = ${fmt(sum(isolated.states) / RUNS, 2)}; task ` +
      `invocations ${per(isolated.tasks, RUNS)}`,
  );
  return c;
}
