// bench host: the service side of `npm run bench`, in its own process so the load generator never
// shares its event loop. It runs the whole local stack (startLocalMode: DynamoDB Local, s3rver, local
// Step Functions, local SQS, the HTTP fronts) plus the bench's bare and floor servers, and answers the
// orchestrator (bench.ts) over the IPC channel.
//
//   bench.ts ──IPC──► host.ts ── local stack (base front ─► real handlers ─► DynamoDB Local, local SFN)
//      │                     ├── bare node:http server            (target a)
//      │ autocannon          ├── floor servers (SDK calls only)   (targets b0, b, b+auth)
//      └────HTTP────────────►┘── meters: SDK middleware on the handlers' own DynamoDB and SFN clients
//                                 (scoped request/engine), the local engine's event log (StateEntered),
//                                 task invocations and durations, CPU of this process and of the JVM
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import { startLocalMode, type LocalMode } from '../../lib/local/local-mode.ts';
import { freePort } from '../../lib/local/ports.ts';
import type { LocalTaskHandler } from '../../lib/local/sfn-local.ts';
import { localStateMachines } from '../../lib/local/workflows.ts';
import { CallCounter } from './call-counter.ts';
import { startBare, startFloor, type CapturedRun, type Floor } from './floor.ts';
import { benchBudgetMs } from './settings.ts';

/** What the local engine did: executions started/settled, states entered, task invocations and time. */
const engine = {
  started: 0,
  settled: 0,
  states: {} as Record<string, number>,
  tasks: {} as Record<string, number>,
  taskMs: {} as Record<string, number>,
};

// Tee the engine's own event log. sfn-local consumes `eventLogs` to follow states; we count each
// top-level StateEntered on the way through (what AWS bills as state transitions).
const originalRun = StateMachine.prototype.run;
StateMachine.prototype.run = function (this: StateMachine, ...args: Parameters<StateMachine['run']>) {
  const handle = originalRun.apply(this, args);
  // A Map/Parallel child run.
  if ((args[1] as { _rootAbortSignal?: unknown } | undefined)?._rootAbortSignal) return handle;
  engine.started += 1;
  const settle = () => {
    engine.settled += 1;
  };
  handle.result.then(settle, settle);
  const events = handle.eventLogs;
  handle.eventLogs = (async function* () {
    for await (const event of events) {
      if (event.type === 'StateEntered' && !('parentState' in event))
        engine.states[event.state.name] = (engine.states[event.state.name] ?? 0) + 1;
      yield event;
    }
  })();
  return handle;
};

/** Set while a Step Functions task handler runs: its SDK calls count as `engine`, all others as `request`. */
const inTask = new AsyncLocalStorage<string>();
const capture: { armed: boolean; calls: { operation: string; input: any }[] } = { armed: false, calls: [] };
const calls = new CallCounter({
  scope: () => (inTask.getStore() ? 'engine' : 'request'),
  // While armed, keep every request-path call in order: one real accepted run's calls, for the floor.
  observe: (operation, input) => {
    if (capture.armed && !inTask.getStore()) capture.calls.push({ operation, input: structuredClone(input) });
  },
});
/** The DynamoDB writes an accept sends (the claim and the run's PutItem today; a transaction before). */
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem']);
const stops: (() => Promise<void>)[] = [];
let stack: LocalMode | undefined;
let dataDir: string | undefined;

/** CPU milliseconds used so far by this process and by DynamoDB Local's JVM (from /proc). */
function cpu(): { hostMs: number; javaMs: number } {
  const usage = process.cpuUsage();
  let javaMs = NaN;
  try {
    const stat = readFileSync(`/proc/${stack!.dynamodb.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (USER_HZ = 100 on Linux).
    javaMs = (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    // Not Linux, or the JVM is gone: leave it unknown.
  }
  return { hostMs: (usage.user + usage.system) / 1000, javaMs };
}

async function start() {
  dataDir = await mkdtemp(join(process.env.BENCH_DATA_PARENT || tmpdir(), 'bench-data-'));
  const apiKey = `workspace_${randomBytes(32).toString('base64url')}`;
  stack = await startLocalMode({
    appPort: await freePort(),
    basePort: await freePort(),
    dataDir,
    bootstrapApiKey: apiKey,
  });
  if (!stack.bootstrap.created) throw new Error('expected a fresh workspace in a fresh DATA_DIR');

  // The handlers' own clients (module singletons, built once per cold start): count and capture there.
  const { table } = await import('../../functions/adapters/dynamodb/client.ts');
  const { engine: workflowEngine } = await import('../../functions/operations/runs/run-deps.ts');
  const sfnClient = (workflowEngine as unknown as { sfn(): { client: Parameters<CallCounter['attach']>[1] } }).sfn()
    .client;
  calls.attach('dynamodb', table().client);
  calls.attach('sfn', sfnClient);

  // Same ASL and handlers as local mode; each task handler is counted, timed and scoped `engine`.
  for (const registration of await localStateMachines()) {
    const tasks: Record<string, LocalTaskHandler> = {};
    for (const [name, handler] of Object.entries(registration.tasks ?? {})) {
      tasks[name] = (event, context) =>
        inTask.run(name, async () => {
          engine.tasks[name] = (engine.tasks[name] ?? 0) + 1;
          const began = performance.now();
          try {
            return await handler(event, context);
          } finally {
            engine.taskMs[name] = (engine.taskMs[name] ?? 0) + (performance.now() - began);
          }
        });
    }
    stack.sfn.registerStateMachine({ ...registration, tasks });
  }
  // For the floor without executions: a machine that ends at once.
  const noopArn = stack.sfn.registerStateMachine({
    name: 'bench-noop',
    definition: { StartAt: 'Done', States: { Done: { Type: 'Succeed' } } },
  });

  const bare = await startBare();
  stops.push(() => bare.stop());
  return {
    appUrl: stack.appUrl,
    baseUrl: stack.baseUrl,
    bareUrl: bare.url,
    apiKey,
    workspaceId: stack.bootstrap.workspaceId,
    noopArn,
    dataDir,
  };
}

const commands: Record<string, (args: any) => Promise<unknown> | unknown> = {
  'capture:arm': () => {
    capture.calls = [];
    capture.armed = true;
  },
  /** Builds the floor servers from the request-path calls of the one run made while armed. */
  'capture:take': async ({ executionId, noopArn }: { executionId: string; noopArn: string }) => {
    capture.armed = false;
    const first = (operation: string) => capture.calls.find((call) => call.operation === operation)?.input;
    const [GetItem, BatchGetItem, StartExecution] = ['GetItem', 'BatchGetItem', 'StartExecution'].map(first);
    // The accept's own writes, in order, up to StartExecution (the idempotency claim, the run).
    const startAt = capture.calls.findIndex((call) => call.operation === 'StartExecution');
    const writes = capture.calls.slice(0, startAt).filter((call) => WRITES.has(call.operation));
    if (!GetItem || !BatchGetItem || !StartExecution || writes.length === 0) {
      throw new Error(`capture incomplete: saw ${capture.calls.map((call) => call.operation).join(', ')}`);
    }
    // The key's hash names the idempotency item (the claim); it is swapped per request like the executionId.
    const keyHash = /IDEMP#([0-9a-f]{64})/.exec(JSON.stringify(writes))?.[1];
    if (!keyHash) throw new Error('capture incomplete: no idempotency claim among the writes');
    const captured: CapturedRun = {
      executionId,
      keyHash,
      getItem: GetItem,
      batchGetItem: BatchGetItem,
      writes,
      startExecution: StartExecution,
    };
    const common = { captured, dynamodbEndpoint: stack!.dynamodb.endpoint, sfnEndpoint: stack!.sfn.endpoint };
    const floors: Record<string, Floor> = {
      floorNoExec: await startFloor({ ...common, stateMachineArn: noopArn }),
      floor: await startFloor(common),
      floorAuth: await startFloor({ ...common, withAuth: true }),
    };
    for (const floor of Object.values(floors)) stops.push(() => floor.stop());
    return {
      urls: Object.fromEntries(Object.entries(floors).map(([name, floor]) => [name, floor.url])),
      bytes: {
        batchGetItem: JSON.stringify(BatchGetItem).length,
        writes: writes.map((write) => `${write.operation} ${JSON.stringify(write.input).length}`).join(' + '),
        startExecution: JSON.stringify(StartExecution).length,
      },
    };
  },
  /** INLINE_INSTANT_RUNS for the routes (read per run): `off` puts every run on the state machine. */
  'inline:set': ({ on }: { on: boolean }) => {
    process.env.INLINE_INSTANT_RUNS = on ? 'on' : 'off';
  },
  'counts:reset': () => {
    calls.reset();
    engine.states = {};
    engine.tasks = {};
    engine.taskMs = {};
  },
  counts: () => ({
    calls: calls.snapshot(),
    capacity: calls.capacity(),
    engine: { ...engine, states: { ...engine.states }, tasks: { ...engine.tasks }, taskMs: { ...engine.taskMs } },
    cpu: cpu(),
  }),
  /** Waits until every started execution has settled; answers how long that took. */
  'engine:drain': async ({ timeoutMs }: { timeoutMs: number }) => {
    const begin = Date.now();
    while (engine.settled < engine.started) {
      if (Date.now() - begin > timeoutMs)
        return { drained: false, ms: Date.now() - begin, running: engine.started - engine.settled };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { drained: true, ms: Date.now() - begin, running: 0 };
  },
  /**
   * The engine step alone, in-process and without I/O: core advance() over the frozen graph of
   * `canvas`, `iterations` times. Answers microseconds per step.
   */
  'engine:step': async ({
    canvas,
    triggerNodeId,
    iterations,
  }: {
    canvas: any;
    triggerNodeId: string;
    iterations: number;
  }) => {
    const { freezeGraph, newExecution } = await import('../../functions/core/runs/lifecycle.ts');
    const { advance } = await import('../../functions/core/runs/engine.ts');
    const { EXECUTORS } = await import('../../functions/core/runs/executors.ts');
    const graph = freezeGraph(canvas, triggerNodeId);
    const now = () => new Date().toISOString();
    const fresh = () =>
      newExecution({
        workspaceId: canvas.workspaceId,
        canvasId: canvas.id,
        triggerNodeId,
        trigger: { kind: 'api' },
        inputs: { prompt: 'x' },
        callbackUrl: undefined,
        graph,
        now: new Date(),
      });
    for (let i = 0; i < 50; i++) await advance(fresh(), graph, EXECUTORS, now); // warm-up
    let total = 0;
    for (let i = 0; i < iterations; i++) {
      const execution = fresh();
      const began = performance.now();
      const outcome = await advance(execution, graph, EXECUTORS, now);
      total += performance.now() - began;
      if (outcome.status !== 'succeeded') throw new Error(`engine step ended ${outcome.status}`);
    }
    return { nodes: graph.nodes.length, usPerStep: (total / iterations) * 1000 };
  },
  stop: async () => {
    await stopAll();
    setImmediate(() => process.exit(0));
  },
};

let stopped = false;
async function stopAll() {
  if (stopped) return;
  stopped = true;
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
  await stack?.stop().catch((error: unknown) => console.error('[bench host] stop', error));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

// If the orchestrator goes away (Ctrl-C, crash), stop everything we started.
process.on('disconnect', () => void stopAll().finally(() => process.exit(0)));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void stopAll().finally(() => process.exit(0)));
// Never outlive the orchestrator's bound (settings.ts, the same settings in the same environment): it stops
// this process at that bound, so this one is a little later. A fixed 5 minutes here stopped the stack under
// a bench given more rounds (BENCH_GATEWAY_ROUNDS=3), mid-section and without a word.
const lifetimeMs = benchBudgetMs() + 30_000;
setTimeout(() => {
  console.error(`[bench host] over ${lifetimeMs / 1000} s: stopping the stack`);
  void stopAll().finally(() => process.exit(1));
}, lifetimeMs).unref();

process.on('message', (message: { id: number; command: string; args?: unknown }) => {
  void (async () => {
    try {
      const result = await commands[message.command]!(message.args);
      process.send!({ id: message.id, result });
    } catch (error) {
      process.send!({ id: message.id, error: error instanceof Error ? error.stack : String(error) });
    }
  })();
});

try {
  process.send!({ id: 0, result: await start() });
} catch (error) {
  process.send!({ id: 0, error: error instanceof Error ? error.stack : String(error) });
  await stopAll();
  process.exit(1);
}
