// bench load targets a–w: each under the same load (warm-up, drain, measured window, drain), with the SDK
// calls, capacity, engine work and CPU charged to it; b, b+auth, c and w again in later rounds.
import { add, diff } from './figures.ts';
import type { Counts, Host, Ready } from './host-client.ts';
import { load, percentile } from './load.ts';
import { DURATION, ROUNDS, WARMUP } from './settings.ts';

export interface LoadInputs {
  ready: Ready;
  /** The floor servers' base URLs (host command `capture:take`). */
  floorUrls: Record<string, string>;
  headers: Record<string, string>;
  runBody: string;
  webhookHeaders: Record<string, string>;
  webhookBody: string;
}

export type LoadRow = Awaited<ReturnType<typeof measureLoadTargets>>[number];

export async function measureLoadTargets(
  host: Host,
  { ready, floorUrls, headers, runBody, webhookHeaders, webhookBody }: LoadInputs,
  drain: () => Promise<{ drained: boolean; ms: number; running: number }>,
) {
  const counts = () => host.call<Counts>('counts');
  // The load targets. Round 1 runs them all; later rounds run b, b+auth and c again in reverse order,
  // so the table growing and the JIT warming do not favour one of them.
  const targets = {
    a: { name: 'a bare', url: `${ready.bareUrl}/api/run` },
    b0: { name: 'b0 floor no-exec', url: `${floorUrls.floorNoExec}/api/run` },
    b: { name: 'b floor', url: `${floorUrls.floor}/api/run` },
    bAuth: { name: 'b+auth floor', url: `${floorUrls.floorAuth}/api/run` },
    c: { name: 'c POST /api/run', url: `${ready.baseUrl}/api/run` },
    w: {
      name: 'w POST /webhook',
      url: `${ready.baseUrl}/webhook/trigger`,
      headers: webhookHeaders,
      body: webhookBody,
    },
  } as Record<
    'a' | 'b0' | 'b' | 'bAuth' | 'c' | 'w',
    { name: string; url: string; headers?: Record<string, string>; body?: string }
  >;
  type TargetId = keyof typeof targets;
  const schedule: TargetId[] = ['a', 'b0', 'b', 'bAuth', 'c', 'w'];
  for (let round = 2; round <= ROUNDS; round++)
    schedule.push(...(round % 2 === 0 ? (['w', 'c', 'bAuth', 'b'] as const) : (['b', 'bAuth', 'c', 'w'] as const)));
  interface Row {
    name: string;
    rounds: number[];
    latencies: number[];
    ok: number;
    non2xx: number;
    errors: number;
    statuses: Record<string, number>;
    runs: number;
    started: number;
    settled: number;
    backlog: number;
    drainMs: number;
    calls: Record<string, number>;
    capacity: Record<string, number>;
    states: Record<string, number>;
    tasks: Record<string, number>;
    taskMs: Record<string, number>;
    hostMs: number;
    javaMs: number;
    loadgenMs: number;
    seconds: number;
  }
  const rows = new Map<TargetId, Row>();
  for (const id of schedule) {
    const target = targets[id];
    await load(target.url, target.headers ?? headers, target.body ?? runBody, WARMUP);
    await drain();
    const before = await counts();
    const loadgenBefore = process.cpuUsage();
    const result = await load(target.url, target.headers ?? headers, target.body ?? runBody, DURATION);
    const loadgen = process.cpuUsage(loadgenBefore);
    const atEnd = await counts();
    const drained = await drain();
    // Engine work started in the window finishes during the drain: charge it to this target.
    const after = await counts();
    const row: Row = rows.get(id) ?? {
      name: target.name,
      rounds: [],
      latencies: [],
      ok: 0,
      non2xx: 0,
      errors: 0,
      statuses: {},
      runs: 0,
      started: 0,
      settled: 0,
      backlog: 0,
      drainMs: 0,
      calls: {},
      capacity: {},
      states: {},
      tasks: {},
      taskMs: {},
      hostMs: 0,
      javaMs: 0,
      loadgenMs: 0,
      seconds: 0,
    };
    rows.set(id, row);
    row.rounds.push(result.rps);
    for (const latency of result.latencies) row.latencies.push(latency);
    row.ok += result.ok;
    row.non2xx += result.non2xx;
    row.errors += result.errors;
    add(row.statuses, result.statuses);
    // Accepted runs are the 202s answered in the window. Not the executions the engine started: runs
    // accepted inline (the default for instant-only runs) start none, so dividing by those made the
    // per-run figures of c tens of times too high (issue 26, item 5).
    row.runs += result.statuses['202'] ?? result.ok;
    add(row.capacity, diff(after.capacity, before.capacity));
    add(row.states, diff(after.engine.states, before.engine.states));
    add(row.tasks, diff(after.engine.tasks, before.engine.tasks));
    add(row.taskMs, diff(after.engine.taskMs, before.engine.taskMs));
    row.started += atEnd.engine.started - before.engine.started;
    row.settled += atEnd.engine.settled - before.engine.settled;
    row.backlog = Math.max(row.backlog, atEnd.engine.started - atEnd.engine.settled);
    row.drainMs = Math.max(row.drainMs, drained.ms);
    add(row.calls, diff(after.calls, before.calls));
    row.hostMs += after.cpu.hostMs - before.cpu.hostMs;
    row.javaMs += after.cpu.javaMs - before.cpu.javaMs;
    row.loadgenMs += (loadgen.user + loadgen.system) / 1000;
    row.seconds += DURATION;
  }
  const results = [...rows.entries()]
    .sort(([x], [y]) => Object.keys(targets).indexOf(x) - Object.keys(targets).indexOf(y))
    .map(([, row]) => {
      row.latencies.sort((x, y) => x - y);
      return {
        ...row,
        rps: row.rounds.reduce((total, value) => total + value, 0) / row.rounds.length,
        p50: percentile(row.latencies, 50),
        p99: percentile(row.latencies, 99),
      };
    });
  return results;
}
