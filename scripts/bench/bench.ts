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
// Settings (settings.ts): BENCH_CONNECTIONS, BENCH_DURATION, BENCH_WARMUP, BENCH_ROUNDS, BENCH_GATEWAY_ROUNDS,
// BENCH_DATA_PARENT; the time the bench may take follows from them. DynamoDB Local keeps its SQLite file in
// DATA_DIR; on a disk every write waits for a sync, which makes the emulator, not our code, the whole story
// (see the report of issue 3).

import { loadavg } from 'node:os';
import { reportCosts } from './cost-report.ts';
import { benchDebits } from './debits.ts';
import { benchEngineScale } from './engine-scale.ts';
import { line } from './figures.ts';
import { benchFocusExport } from './focus-export.ts';
import { benchGateway } from './gateway.ts';
import { startHost } from './host-client.ts';
import { reportLinearRuns, measureLinearRuns } from './linear-runs.ts';
import { reportLoad } from './load-report.ts';
import { measureLoadTargets } from './load-targets.ts';
import { measureRunPaths } from './run-paths.ts';
import { CONNECTIONS, DURATION, LINEAR_NODES, WARMUP, benchBudgetMs } from './settings.ts';
import { api, linearCanvas, runId, webhookCanvas } from './setup.ts';

async function main() {
  const began = Date.now();
  const loadBefore = loadavg()[0]!;
  const hardLimitMs = benchBudgetMs();
  const { host, child } = startHost();
  const hardStop = setTimeout(() => {
    console.error(`bench: over ${hardLimitMs / 1000} s, stopping`);
    child.kill('SIGTERM');
    process.exit(1);
  }, hardLimitMs);
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

    const { isolated, isolatedInline, syncLatency } = await measureRunPaths(host, ready, runBody, drain);
    const results = await measureLoadTargets(
      host,
      { ready, floorUrls: floors.urls, headers, runBody, webhookHeaders, webhookBody },
      drain,
    );
    const linear = await measureLinearRuns(host, ready, { small, long }, drain);

    const c = reportLoad({
      startedMs,
      dataDir: ready.dataDir,
      loadBefore,
      floorBytes: floors.bytes,
      results,
      isolated,
    });
    console.log(line);
    reportCosts({ isolated, isolatedInline, c, syncLatency });
    console.log(line);
    reportLinearRuns(linear);
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
