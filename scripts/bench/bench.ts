// bench: `npm run bench` — accepting a run under load, against its HTTP ceiling and its SDK-call floor,
// plus the engine cost of a long instant-node run. A benchmark, not a test: it prints numbers, it
// asserts nothing (see issue 3, "Performance"). Last, the FOCUS export of 1M ledger entries (issue 10,
// scripts/bench/focus-export.ts).
//
//   bench.ts (this process: orchestrator + autocannon) ──IPC──► host.ts (local stack + bench servers)
//
//   targets, each: warm-up, drain the engine, measure (same connections, same duration), drain again;
//   b, b+auth and c are measured again in later rounds in reverse order (table growth, JIT, neighbours)
//     a       bare node:http answering 202                              the HTTP ceiling
//     b0      floor, StartExecution of a one-state no-op machine         the floor without the engine
//     b       floor: BatchGet + the accept's writes + StartExecution     the architecture's floor
//     b+auth  b plus the api-key GetItem our authenticate() does         same call count as c
//     c       POST /api/run on the local stack (async)                   the service
//     w       POST /webhook/trigger (secret auth, rate limit, run accept) the webhook edge (issue 4)
//   then     gateway: get_canvas and run_workflow through POST /api/mcp beside their direct routes
//            d: a 50-node linear canvas of instant nodes, sync run, timeline + state transitions
//   both run paths (issue 7): the cost model and the sync latency of a 3-node run, once with every run
//   on the state machine (INLINE_INSTANT_RUNS=off) and once run inline by the route (the default);
//   the load targets c and w run with the default
//
// Every POST carries its own Idempotency-Key, so each request is a distinct accepted run. The local
// Step Functions endpoint runs every started execution in the host process, so b and c both pay for
// the engine (Advance + Finalize and their DynamoDB calls) while under load; b0 shows the floor without it.
// Settings: BENCH_CONNECTIONS (16), BENCH_DURATION seconds (10), BENCH_WARMUP seconds (3), BENCH_ROUNDS (2),
// BENCH_DATA_PARENT (where the temporary DATA_DIR goes: /dev/shm when it exists, else the OS temp dir).
// DynamoDB Local keeps its SQLite file in DATA_DIR; on a disk every write waits for a sync, which
// makes the emulator, not our code, the whole story (see the report of issue 3).
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchDebits } from './debits.ts';
import { benchEngineScale } from './engine-scale.ts';
import { costPerMillionRuns, floorPerMillionRuns, type RunFootprint } from './cost.ts';
import { benchGateway } from './gateway.ts';
import { benchFocusExport } from './focus-export.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LINEAR_NODES = 50;
const HARD_LIMIT_MS = 330_000;

interface Ready {
  dataDir: string;
  appUrl: string;
  baseUrl: string;
  bareUrl: string;
  apiKey: string;
  workspaceId: string;
  noopArn: string;
}
interface EngineStats {
  started: number;
  settled: number;
  states: Record<string, number>;
  tasks: Record<string, number>;
  taskMs: Record<string, number>;
}
interface Counts {
  calls: Record<string, number>;
  /** DynamoDB capacity units as reported: `<scope> RCU|WCU`. */
  capacity: Record<string, number>;
  engine: EngineStats;
  cpu: { hostMs: number; javaMs: number };
}

// ── the host process ────────────────────────────────────────────────────────────────────────────
class Host {
  private next = 1;
  private pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  readonly ready: Promise<Ready>;

  constructor(private readonly child: ChildProcess) {
    this.ready = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
    child.once('exit', (code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`bench host exited (${code})`));
      this.pending.clear();
    });
  }

  call<T = unknown>(command: string, args?: unknown): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, command, args });
    });
  }
}

function startHost(): { host: Host; child: ChildProcess } {
  const child = fork(fileURLToPath(new URL('./host.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      BENCH_DATA_PARENT: process.env.BENCH_DATA_PARENT || (existsSync('/dev/shm') ? '/dev/shm' : ''),
      // The bench measures acceptance, not the limiter: let every call through.
      WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  return { host: new Host(child), child };
}

// ── HTTP helpers for setup through the real routes ──────────────────────────────────────────────
async function api(
  baseUrl: string,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as any;
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A linear canvas: prompt → text × (n − 2) → output, built with one canvas/patch. */
async function linearCanvas(
  ready: Ready,
  name: string,
  nodes: number,
): Promise<{ canvasId: string; triggerNodeId: string }> {
  const canvas = await api(ready.baseUrl, ready.apiKey, 'POST', '/api/mcp/canvas/create', { name });
  const ids = Array.from({ length: nodes }, (_, i) => (i === 0 ? 'p0' : i === nodes - 1 ? `o${i}` : `t${i}`));
  const operations: unknown[] = ids.map((id, i) => ({
    op: 'node/add',
    id,
    type: i === 0 ? 'prompt' : i === nodes - 1 ? 'output' : 'text',
    position: { x: i * 300, y: 0 },
    ...(i === 0 ? { data: { prompt: 'hello' } } : {}),
  }));
  for (let i = 1; i < nodes; i++) {
    const source = ids[i - 1]!;
    operations.push({
      op: 'edge/add',
      id: `e${i}`,
      source,
      sourceHandle: i === 1 ? 'prompt-out' : 'text-out',
      target: ids[i]!,
      targetHandle: i === nodes - 1 ? 'value-in' : 'text-in',
    });
  }
  await api(ready.baseUrl, ready.apiKey, 'POST', '/api/mcp/canvas/patch', { canvasId: canvas.id, operations });
  return { canvasId: canvas.id, triggerNodeId: 'p0' };
}

// ── load ────────────────────────────────────────────────────────────────────────────────────────
interface LoadResult {
  rps: number;
  latencies: number[];
  ok: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
}

let keySeq = 0;
const runId = Date.now().toString(36);

/** hook → output, with a registered webhook: the secret of its trigger. */
async function webhookCanvas(ready: Ready): Promise<string> {
  const canvas = await api(ready.baseUrl, ready.apiKey, 'POST', '/api/mcp/canvas/create', { name: 'bench webhook' });
  await api(ready.baseUrl, ready.apiKey, 'POST', '/api/mcp/canvas/patch', {
    canvasId: canvas.id,
    operations: [
      { op: 'node/add', id: 'hook', type: 'webhook-trigger' },
      { op: 'node/add', id: 'out', type: 'output' },
      { op: 'edge/add', id: 'e1', source: 'hook', sourceHandle: 'body-out', target: 'out', targetHandle: 'value-in' },
    ],
  });
  const registration = await api(ready.baseUrl, ready.apiKey, 'POST', '/api/mcp/webhooks/register', {
    canvasId: canvas.id,
    triggerNodeId: 'hook',
  });
  return registration.webhookSecret as string;
}

async function load(url: string, headers: Record<string, string>, body: string, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        headers,
        body,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': `bench-${runId}-${++keySeq}` },
        }),
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    latencies.push(responseTime),
  );
  const result = await instance;
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]),
  );
  return {
    rps: result['2xx'] / result.duration,
    latencies,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

// ── reporting helpers ───────────────────────────────────────────────────────────────────────────
const sum = (record: Record<string, number>) => Object.values(record).reduce((total, value) => total + value, 0);
const diff = (after: Record<string, number>, before: Record<string, number>) => {
  const out: Record<string, number> = {};
  for (const key of new Set([...Object.keys(after), ...Object.keys(before)])) {
    const value = (after[key] ?? 0) - (before[key] ?? 0);
    if (value) out[key] = value;
  }
  return out;
};
const add = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [key, value] of Object.entries(from)) into[key] = (into[key] ?? 0) + value;
};
/** Only the keys starting with `prefix` (e.g. `request `), prefix removed. */
const scoped = (record: Record<string, number>, prefix: string) =>
  Object.fromEntries(
    Object.entries(record).flatMap(([key, value]) =>
      key.startsWith(prefix) ? [[key.slice(prefix.length), value]] : [],
    ),
  );
const per = (record: Record<string, number>, n: number) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key} ${+(value / n).toFixed(2)}`)
    .join(', ') || 'none';
const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ms = (from?: string | null, to?: string | null) => (from && to ? Date.parse(to) - Date.parse(from) : NaN);

async function main() {
  const began = Date.now();
  const loadBefore = loadavg()[0]!;
  const { host, child } = startHost();
  const hardStop = setTimeout(() => {
    console.error(`bench: over ${HARD_LIMIT_MS / 1000} s, stopping`);
    child.kill('SIGTERM');
    process.exit(1);
  }, HARD_LIMIT_MS);
  hardStop.unref();
  const stopHost = async () => {
    if (child.exitCode !== null) return;
    await Promise.race([
      host.call('stop').catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 15_000)),
    ]);
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void stopHost().finally(() => process.exit(130)));

  try {
    const ready = await host.ready;
    const startedMs = Date.now() - began;
    const drain = (timeoutMs = 30_000) =>
      host.call<{ drained: boolean; ms: number; running: number }>('engine:drain', { timeoutMs });
    const counts = () => host.call<Counts>('counts');
    const headers = { authorization: `Bearer ${ready.apiKey}`, 'content-type': 'application/json' };

    // Setup through the real routes.
    const small = await linearCanvas(ready, 'bench load (3 nodes)', 3);
    const long = await linearCanvas(ready, `bench linear (${LINEAR_NODES} nodes)`, LINEAR_NODES);
    const runBody = JSON.stringify({
      canvasId: small.canvasId,
      triggerNodeId: small.triggerNodeId,
      inputs: { prompt: 'hello from the bench' },
    });
    const webhookSecret = await webhookCanvas(ready);
    const webhookHeaders = { authorization: `Bearer ${webhookSecret}`, 'content-type': 'application/json' };
    const webhookBody = JSON.stringify({ event: 'order.created', id: 42 });

    // One real run while the host captures its SDK inputs: the floor replays exactly those (a run
    // started on the state machine, as the floor is).
    await host.call('inline:set', { on: false });
    await host.call('capture:arm');
    const template = await api(ready.baseUrl, ready.apiKey, 'POST', '/api/run', JSON.parse(runBody), {
      'idempotency-key': `bench-${runId}-template`,
    });
    const floors = await host.call<{ urls: Record<string, string>; bytes: Record<string, number | string> }>(
      'capture:take',
      {
        executionId: template.executionId,
        noopArn: ready.noopArn,
      },
    );
    await drain();

    // Calls per accepted run, one run at a time so nothing else is in flight: on the state machine,
    // then run inline by the route (the default, which the rest of the bench keeps).
    const RUNS = 5;
    const measureIsolated = async (inline: boolean) => {
      await host.call('inline:set', { on: inline });
      const totals = {
        calls: {} as Record<string, number>,
        capacity: {} as Record<string, number>,
        states: {} as Record<string, number>,
        tasks: {} as Record<string, number>,
        taskMs: {} as Record<string, number>,
        routeMs: 0,
      };
      for (let i = 0; i < RUNS; i++) {
        await host.call('counts:reset');
        const t0 = performance.now();
        await api(ready.baseUrl, ready.apiKey, 'POST', '/api/run', JSON.parse(runBody), {
          'idempotency-key': `bench-${runId}-count-${inline ? 'inline' : 'sfn'}-${i}`,
        });
        totals.routeMs += performance.now() - t0;
        await drain();
        const after = await counts();
        add(totals.calls, after.calls);
        add(totals.capacity, after.capacity);
        add(totals.states, after.engine.states);
        add(totals.tasks, after.engine.tasks);
        add(totals.taskMs, after.engine.taskMs);
      }
      return totals;
    };
    const isolated = await measureIsolated(false);
    const isolatedInline = await measureIsolated(true);

    // Sync latency of the 3-node run, both ways, alternating so load from elsewhere hits both alike.
    const SYNC_SAMPLES = 11;
    const syncLatency = { sfn: [] as number[], inline: [] as number[] };
    for (let i = 0; i < SYNC_SAMPLES * 2; i++) {
      const inline = i % 2 === 1;
      await host.call('inline:set', { on: inline });
      const t0 = performance.now();
      const answer = await api(
        ready.baseUrl,
        ready.apiKey,
        'POST',
        '/api/run',
        { ...JSON.parse(runBody), sync: true },
        { 'idempotency-key': `bench-${runId}-sync-latency-${i}` },
      );
      (inline ? syncLatency.inline : syncLatency.sfn).push(performance.now() - t0);
      if (answer.status !== 'succeeded') throw new Error(`sync run ended ${answer.status}`);
      await drain();
    }
    await host.call('inline:set', { on: true });

    // The load targets. Round 1 runs them all; later rounds run b, b+auth and c again in reverse order,
    // so the table growing and the JIT warming do not favour one of them.
    const targets = {
      a: { name: 'a bare', url: `${ready.bareUrl}/api/run` },
      b0: { name: 'b0 floor no-exec', url: `${floors.urls.floorNoExec}/api/run` },
      b: { name: 'b floor', url: `${floors.urls.floor}/api/run` },
      bAuth: { name: 'b+auth floor', url: `${floors.urls.floorAuth}/api/run` },
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

    // d: linear canvases of instant nodes, sync, end to end; a 3-node run first gives the fixed per-run cost.
    const syncRun = async (canvas: { canvasId: string; triggerNodeId: string }, tag: string) => {
      await host.call('counts:reset');
      const t0 = performance.now();
      const snapshot = await api(
        ready.baseUrl,
        ready.apiKey,
        'POST',
        '/api/run',
        { ...canvas, sync: true, timeoutSeconds: 30 },
        { 'idempotency-key': `bench-${runId}-${tag}` },
      );
      const wallMs = performance.now() - t0;
      await drain();
      const after = await counts();
      const timeline = await api(
        ready.baseUrl,
        ready.apiKey,
        'GET',
        `/api/mcp/executions/timeline?executionId=${snapshot.executionId}`,
      );
      const events = timeline.events as { at: string; type: string; nodeId?: string }[];
      const first = (type: string) => events.find((event) => event.type === type)?.at;
      const nodeStarts = events.filter((event) => event.type === 'node.started');
      const nodeEnds = events.filter((event) => event.type === 'node.succeeded');
      const state = await api(ready.baseUrl, ready.apiKey, 'GET', `/api/mcp/canvas/state?canvasId=${canvas.canvasId}`);
      const step = await host.call<{ nodes: number; usPerStep: number }>('engine:step', {
        canvas: state,
        triggerNodeId: canvas.triggerNodeId,
        iterations: 200,
      });
      return {
        status: snapshot.status as string,
        nodes: Object.keys(snapshot.nodes).length,
        wallMs,
        queuedToStarted: ms(first('execution.queued'), first('execution.started')),
        nodesMs: ms(nodeStarts[0]?.at, nodeEnds.at(-1)?.at),
        queuedToSucceeded: ms(first('execution.queued'), first('execution.succeeded')),
        states: after.engine.states,
        tasks: after.engine.tasks,
        taskMs: after.engine.taskMs,
        calls: after.calls,
        stepUs: step.usPerStep,
      };
    };
    // On the state machine, so the Advance task is measured on its own (inline, the route does the same step).
    await host.call('inline:set', { on: false });
    const d3 = await syncRun(small, 'sync-3');
    const d50 = await syncRun(long, `sync-${LINEAR_NODES}`);
    await host.call('inline:set', { on: true });

    // ── report ──
    const line = '─'.repeat(118);
    console.log(
      `\nbench: ${CONNECTIONS} connections, ${DURATION} s measured after ${WARMUP} s ` +
        `warm-up per target and round (b, b+auth, c: ${ROUNDS} rounds, alternating ` +
        `order; req/s = mean of rounds, p50/p99 over all); 127.0.0.1; node ` +
        `${process.version}; stack up in ${(startedMs / 1000).toFixed(1)} s; DATA_DIR ` +
        `${ready.dataDir}`,
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
      `floor inputs (captured from a real run, JSON bytes): BatchGetItem ${floors.bytes.batchGetItem}, ` +
        `the accept's writes ${floors.bytes.writes}, StartExecution ${floors.bytes.startExecution}`,
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
    type Result = (typeof results)[number];
    const [a, b0, b, bAuth, c, w] = results as unknown as [Result, Result, Result, Result, Result, Result];
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
      `host CPU per run beyond the floor: c − b = ` +
        `${fmt(c.hostMs / c.runs - b.hostMs / b.runs, 2)} ms (middy, zod, auth, proxy ` +
        `event, domain logic); c − (b+auth) = ` +
        `${fmt(c.hostMs / c.runs - bAuth.hostMs / bAuth.runs, 2)} ms`,
    );
    for (const r of results)
      if (r.non2xx || r.errors)
        console.log(`  ${r.name}: statuses ${per(r.statuses, 1)}, connection errors ${r.errors}`);

    console.log(line);
    console.log(`SDK calls per accepted run (middleware on the handlers' DynamoDB and SFN clients):`);
    console.log(
      `  isolated (${RUNS} runs, one at a time), request path → 202:  ` +
        `${per(scoped(isolated.calls, 'request '), RUNS)}  = ` +
        `${fmt(sum(scoped(isolated.calls, 'request ')) / RUNS, 2)}`,
    );
    console.log(
      `  isolated, engine (Advance + Finalize, no callback URL):      ` +
        `${per(scoped(isolated.calls, 'engine '), RUNS)}  = ` +
        `${fmt(sum(scoped(isolated.calls, 'engine ')) / RUNS, 2)}`,
    );
    console.log(
      `  under load c (${c.runs} runs, window + drain), request path:     ${per(scoped(c.calls, 'request '), c.runs)}`,
    );
    console.log(
      `  under load c, engine:                                       ${per(scoped(c.calls, 'engine '), c.runs)}`,
    );
    console.log(
      `  floors, engine calls per run: b ` +
        `${fmt(sum(scoped(b.calls, 'engine ')) / b.runs, 2)}, b+auth ` +
        `${fmt(sum(scoped(bAuth.calls, 'engine ')) / bAuth.runs, 2)}, b0 ` +
        `${fmt(sum(scoped(b0.calls, 'engine ')) / b0.runs, 2)} (their own request-path ` +
        `calls: BatchGet, the accept's writes, StartExecution; b+auth also the GetItem)`,
    );
    console.log(
      `  state transitions per run (StateEntered in the engine's event log): ` +
        `${per(isolated.states, RUNS)} = ${fmt(sum(isolated.states) / RUNS, 2)}; task ` +
        `invocations ${per(isolated.tasks, RUNS)}`,
    );

    console.log(line);
    // The cost model (docs/cost.md): one million runs of the 3-node canvas at list prices, both run paths.
    const footprintOf = (measured: typeof isolated): RunFootprint => ({
      apiRequests: 1,
      lambdaInvocations: 1 + sum(measured.tasks) / RUNS,
      lambdaMs: (measured.routeMs + sum(measured.taskMs)) / RUNS,
      memoryMb: 1024,
      readUnits:
        sum(Object.fromEntries(Object.entries(measured.capacity).filter(([key]) => key.endsWith(' RCU')))) / RUNS,
      writeUnits:
        sum(Object.fromEntries(Object.entries(measured.capacity).filter(([key]) => key.endsWith(' WCU')))) / RUNS,
      stateTransitions: sum(measured.states) / RUNS,
      s3Puts:
        (measured.calls['request s3:PutObject'] ?? 0) / RUNS + (measured.calls['engine s3:PutObject'] ?? 0) / RUNS,
      s3Gets:
        (measured.calls['request s3:GetObject'] ?? 0) / RUNS + (measured.calls['engine s3:GetObject'] ?? 0) / RUNS,
    });
    const totals: Record<string, number> = {};
    for (const [label, measured] of [
      ['state machine (INLINE_INSTANT_RUNS=off; runs with a callback URL or a provider node)', isolated],
      ['inline in the accepting route (the default for instant-only runs without a callback URL)', isolatedInline],
    ] as const) {
      const footprint = footprintOf(measured);
      const costs = costPerMillionRuns(footprint);
      const total = costs.reduce((all, entry) => all + entry.perMillionRuns, 0);
      const floor = floorPerMillionRuns(measured.routeMs / RUNS, 1024);
      totals[label] = total;
      console.log(
        `cost model, ${label}: 1 million runs of the 3-node canvas at AWS list prices ` +
          `(us-east-1, docs/cost.md); per run measured: ` +
          `${fmt(footprint.lambdaInvocations, 2)} Lambda invocations, ` +
          `${fmt(footprint.lambdaMs, 1)} ms Lambda time (local-mode proxy), ` +
          `${fmt(footprint.readUnits, 1)} RCU, ${fmt(footprint.writeUnits, 1)} WCU (as ` +
          `DynamoDB Local reports them), ${fmt(footprint.stateTransitions, 1)} state ` +
          `transitions; ` +
          `SDK calls ${per(measured.calls, RUNS)}`,
      );
      for (const entry of costs)
        console.log(
          `  ${entry.item.padEnd(28)} $${fmt(entry.perMillionRuns, 2).padStart(8)}  ` +
            `${fmt((100 * entry.perMillionRuns) / total, 0).padStart(3)}%`,
        );
      console.log(
        `  ${'total'.padEnd(28)} $${fmt(total, 2).padStart(8)}   = ` +
          `${fmt(total / floor, 1)}× the floor of one API request, one Lambda and one ` +
          `write ($${fmt(floor, 2)})`,
      );
    }
    const [sfnTotal, inlineTotal] = Object.values(totals) as [number, number];
    console.log(
      `  inline / state machine: ${fmt(inlineTotal / sfnTotal, 3)} (saves ` +
        `$${fmt(sfnTotal - inlineTotal, 2)} per million runs)`,
    );
    // The same model from the load target c, per accepted run (202s answered), so a run under load is
    // priced from what it did under load; the Lambda time is the route's median latency plus the tasks'.
    const underLoad = (r: Result): RunFootprint => ({
      apiRequests: 1,
      lambdaInvocations: 1 + sum(r.tasks) / r.runs,
      lambdaMs: r.p50 + sum(r.taskMs) / r.runs,
      memoryMb: 1024,
      readUnits: sum(Object.fromEntries(Object.entries(r.capacity).filter(([key]) => key.endsWith(' RCU')))) / r.runs,
      writeUnits: sum(Object.fromEntries(Object.entries(r.capacity).filter(([key]) => key.endsWith(' WCU')))) / r.runs,
      stateTransitions: sum(r.states) / r.runs,
      s3Puts: ((r.calls['request s3:PutObject'] ?? 0) + (r.calls['engine s3:PutObject'] ?? 0)) / r.runs,
      s3Gets: ((r.calls['request s3:GetObject'] ?? 0) + (r.calls['engine s3:GetObject'] ?? 0)) / r.runs,
    });
    {
      const footprint = underLoad(c);
      const costs = costPerMillionRuns(footprint);
      const total = costs.reduce((all, entry) => all + entry.perMillionRuns, 0);
      const floor = floorPerMillionRuns(c.p50, 1024);
      console.log(
        `cost model, under load c (${c.runs} accepted runs = 202s answered, window + drain): per run ` +
          `${fmt(footprint.lambdaInvocations, 2)} Lambda invocations, ${fmt(footprint.readUnits, 1)} RCU, ` +
          `${fmt(footprint.writeUnits, 1)} WCU, ${fmt(footprint.stateTransitions, 2)} state transitions, ` +
          `host CPU ${fmt(c.hostMs / c.runs, 2)} ms → $${fmt(total, 2)} per million runs ` +
          `= ${fmt(total / floor, 1)}× the floor ($${fmt(floor, 2)})`,
      );
    }
    const latency = (samples: number[]) => {
      const sorted = [...samples].sort((x, y) => x - y);
      return `median ${fmt(percentile(sorted, 50), 1)} ms, min ${fmt(sorted[0]!, 1)}, max ${fmt(sorted.at(-1)!, 1)}`;
    };
    console.log(
      `sync latency, POST /api/run sync:true of the 3-node canvas, ${SYNC_SAMPLES} ` +
        `each, alternating: state machine ${latency(syncLatency.sfn)}; inline ` +
        `${latency(syncLatency.inline)}`,
    );

    console.log(line);
    console.log(
      `d: linear canvases of instant nodes, POST /api/run sync:true, end to end, on ` +
        `the state machine (INLINE_INSTANT_RUNS=off)`,
    );
    for (const [label, d] of [
      ['3 nodes', d3],
      [`${LINEAR_NODES} nodes`, d50],
    ] as const) {
      console.log(
        `  ${label.padEnd(9)} ${d.status}; HTTP ${fmt(d.wallMs, 0)} ms; timeline: ` +
          `queued→started ${d.queuedToStarted} ms, first node→last node ${d.nodesMs} ms, ` +
          `queued→succeeded ${d.queuedToSucceeded} ms; Advance task ` +
          `${fmt(d.taskMs.Advance ?? NaN, 1)} ms, Finalize ` +
          `${fmt(d.taskMs.Finalize ?? NaN, 1)} ms`,
      );
      console.log(
        `            transitions ${sum(d.states)} (${per(d.states, 1)}); task invocations ${per(d.tasks, 1)}`,
      );
      console.log(
        `            SDK calls: request ${per(scoped(d.calls, 'request '), 1)} | ` +
          `engine ${per(scoped(d.calls, 'engine '), 1)}`,
      );
    }
    const marginal = ((d50.taskMs.Advance ?? NaN) - (d3.taskMs.Advance ?? NaN)) / (LINEAR_NODES - 3);
    console.log(
      `  engine overhead per instant node: ${fmt(d50.stepUs / LINEAR_NODES, 1)} µs ` +
        `in the core step alone (advance() in-process, ${LINEAR_NODES}-node step ` +
        `${fmt(d50.stepUs, 0)} µs, 3-node ${fmt(d3.stepUs, 0)} µs); ` +
        `marginal ${fmt(marginal, 2)} ms/node in the Advance task incl. its DynamoDB I/O (one sample each)`,
    );
    console.log(line);
    await benchGateway({
      appUrl: ready.appUrl,
      baseUrl: ready.baseUrl,
      apiKey: ready.apiKey,
      ...small,
      connections: CONNECTIONS,
      seconds: DURATION,
      warmupSeconds: WARMUP,
      drain,
    });
    await benchEngineScale();
    await benchDebits();
    console.log(`bench finished in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  } finally {
    await stopHost();
    clearTimeout(hardStop);
  }
}

await main();
// After the stack is down (and outside its hard limit): the FOCUS export, in processes of its own.
await benchFocusExport();
