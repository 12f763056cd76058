// bench: a run with N parallel video-generation nodes against the fal queue stand-in, through the whole
// local stack and the real state machine definition. Counts what AWS would bill and what the table
// serves: state transitions (top-level StateEntered in the engine's event log), Advance invocations,
// DynamoDB calls made by the engine per poll round, and provider calls. The baseline in the same run is
// one video node: with the Wait loop polling every waiting job once per step, transitions and
// invocations must grow with poll rounds, not with nodes × polls.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import { startLocalMode } from '../../lib/local/local-mode.ts';
import { freePort } from '../../lib/local/ports.ts';
import type { LocalTaskHandler } from '../../lib/local/sfn-local.ts';
import { localStateMachines } from '../../lib/local/workflows.ts';
import { startFalProtocolServer } from '../../lib/local/sandbox/fal-protocol.ts';
import { createServer } from 'node:http';
import { CallCounter } from './call-counter.ts';
import { benchRunKinds } from './run-kinds.ts';

const NODES = Number(process.env.BENCH_VIDEO_NODES ?? 20);
/** Status polls each fal job answers before it completes: the run needs this many poll rounds. */
const POLLS_UNTIL_DONE = 3;
const KEY = 'bench-key:0123456789abcdef0123';

const states: Record<string, number> = {};
const tasks: Record<string, number> = {};
const taskMs: Record<string, number> = {};
const originalRun = StateMachine.prototype.run;
StateMachine.prototype.run = function (this: StateMachine, ...args: Parameters<StateMachine['run']>) {
  const handle = originalRun.apply(this, args);
  if ((args[1] as { _rootAbortSignal?: unknown } | undefined)?._rootAbortSignal) return handle;
  const events = handle.eventLogs;
  handle.eventLogs = (async function* () {
    for await (const event of events) {
      if (event.type === 'StateEntered' && !('parentState' in event))
        states[event.state.name] = (states[event.state.name] ?? 0) + 1;
      yield event;
    }
  })();
  return handle;
};
const inTask = new AsyncLocalStorage<string>();
const calls = new CallCounter({ scope: () => (inTask.getStore() ? 'engine' : 'request') });

const sum = (record: Record<string, number>) => Object.values(record).reduce((total, value) => total + value, 0);
const reset = (record: Record<string, number>) => {
  for (const key of Object.keys(record)) delete record[key];
};

async function main() {
  const falOptions: { key: string; pollsUntilDone: number; webhookAfterMs?: number | 'never' } = {
    key: KEY,
    pollsUntilDone: POLLS_UNTIL_DONE,
  };
  const fal = await startFalProtocolServer(falOptions);
  // A run's result callback lands here (plain HTTP on loopback, allowed by OUTBOUND_ALLOW_HOSTS).
  let callbacks = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      callbacks++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverHost = `127.0.0.1:${(receiver.address() as { port: number }).port}`;
  Object.assign(process.env, {
    FAL_KEY: KEY,
    PROVIDER_TWO_BASE_URL: fal.url,
    OUTBOUND_ALLOW_HOSTS: `${new URL(fal.url).host},${receiverHost}`,
    CALLBACK_SIGNING_SECRET: 'bench-callback-secret-0123456789abcdef',
    FAL_JWKS_URL: `${fal.url}/.well-known/jwks.json`,
    PROVIDER_WEBHOOK_FALLBACK_SECONDS: '60',
  });
  delete process.env.PROVIDER_WEBHOOK_BASE_URL;
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-video-'));
  const apiKey = `workspace_${randomBytes(32).toString('base64url')}`;
  const stack = await startLocalMode({
    appPort: await freePort(),
    basePort: await freePort(),
    dataDir,
    bootstrapApiKey: apiKey,
  });
  try {
    const { table } = await import('../../functions/adapters/dynamodb/client.ts');
    calls.attach('dynamodb', table().client);
    // The run workflow again, its Wait shortened (the count of states does not depend on its length).
    for (const registration of await localStateMachines({ waitMs: 20 })) {
      const counted: Record<string, LocalTaskHandler> = {};
      for (const [name, handler] of Object.entries(registration.tasks ?? {})) {
        counted[name] = (event, context) =>
          inTask.run(name, async () => {
            tasks[name] = (tasks[name] ?? 0) + 1;
            const began = performance.now();
            try {
              return await handler(event, context);
            } finally {
              taskMs[name] = (taskMs[name] ?? 0) + performance.now() - began;
            }
          });
      }
      stack.sfn.registerStateMachine({ ...registration, tasks: counted });
    }
    const { grantCredits } = await import('../../functions/core/credits/ledger.ts');
    const { DynamoLedgerRepository } = await import('../../functions/adapters/dynamodb/ledger-repository.ts');
    const { priceBook } = await import('../../functions/core/credits/prices.ts');
    const { systemClock } = await import('../../functions/core/clock.ts');
    await grantCredits(
      {
        workspaceId: stack.bootstrap.workspaceId!,
        credits: 1_000_000,
        reason: 'bench',
        grantedBy: 'bench',
        operationId: 'bench-video-grant',
      },
      { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() },
    );

    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as any;
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };

    const measure = async (nodes: number) => {
      const canvas = await api('POST', '/api/mcp/canvas/create', { name: `${nodes} videos` });
      const operations: unknown[] = [
        { op: 'node/add', id: 'prompt', type: 'prompt', data: { prompt: 'Surf at sunset' } },
        { op: 'node/add', id: 'out', type: 'output' },
      ];
      for (let index = 0; index < nodes; index++) {
        operations.push({
          op: 'node/add',
          id: `v${index}`,
          type: 'video-generation',
          data: { endpointId: 'fal-ai/wan/v2.7/text-to-video', modelParams: { duration: 5 } },
        });
        operations.push({
          op: 'edge/add',
          id: `in${index}`,
          source: 'prompt',
          sourceHandle: 'prompt-out',
          target: `v${index}`,
          targetHandle: 'prompt-in',
        });
        operations.push({
          op: 'edge/add',
          id: `out${index}`,
          source: `v${index}`,
          sourceHandle: 'video-out',
          target: 'out',
          targetHandle: 'value-in',
        });
      }
      await api('POST', '/api/mcp/canvas/patch', { canvasId: canvas.id, operations });
      reset(states);
      reset(tasks);
      calls.reset();
      const falCalls = fal.calls.length;
      const began = performance.now();
      const accepted = await api('POST', '/api/run', { canvasId: canvas.id, triggerNodeId: 'prompt' });
      let run: any;
      for (;;) {
        run = await api('GET', `/api/executions?executionId=${accepted.executionId}`);
        if (['succeeded', 'failed', 'cancelled'].includes(run.status)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (run.status !== 'succeeded') throw new Error(`run ${run.status}: ${JSON.stringify(run.error)}`);
      const advances = tasks.Advance ?? 0;
      const engineCalls = Object.fromEntries(
        Object.entries(calls.snapshot()).filter(([key]) => key.startsWith('engine ')),
      );
      const provider = fal.calls.slice(falCalls);
      return {
        nodes,
        seconds: (performance.now() - began) / 1000,
        transitions: sum(states),
        advances,
        pollRounds: advances - 1,
        engineDynamo: sum(engineCalls),
        engineDynamoByOperation: engineCalls,
        providerCalls: {
          submit: provider.filter((call) => call.method === 'POST').length,
          status: provider.filter((call) => call.path.endsWith('/status')).length,
          result: provider.filter(
            (call) => call.method === 'GET' && !call.path.endsWith('/status') && !call.path.startsWith('/files/'),
          ).length,
          media: provider.filter((call) => call.path.startsWith('/files/')).length,
        },
      };
    };

    const baseline = await measure(1);
    const many = await measure(NODES);
    const fmt = (value: number, digits = 2) => value.toFixed(digits);
    console.log(
      `\nvideo nodes: a run with N parallel video-generation nodes against the fal stand-in (${POLLS_UNTIL_DONE} status polls per job), the real ASL`,
    );
    for (const row of [baseline, many]) {
      console.log(
        `  N=${String(row.nodes).padStart(2)}: ${row.transitions} state transitions, ${row.advances} Advance invocations ` +
          `(${row.pollRounds} poll rounds), ` +
          `${row.engineDynamo} engine DynamoDB calls = ` +
          `${fmt(row.engineDynamo / Math.max(row.pollRounds, 1), 1)} ` +
          `per poll round ` +
          `(${fmt(row.engineDynamo / Math.max(row.pollRounds, 1) / row.nodes, 1)} ` +
          `per node per round); ` +
          `provider calls submit ` +
          `${row.providerCalls.submit}, status ` +
          `${row.providerCalls.status}, result ` +
          `${row.providerCalls.result}, media ` +
          `${row.providerCalls.media}; ${fmt(row.seconds, 1)} s`,
      );
    }
    console.log(
      `  ratios N=${NODES} / N=1: transitions ${fmt(many.transitions / baseline.transitions)}, Advance ` +
        `invocations ${fmt(many.advances / baseline.advances)} ` +
        `(nodes × polls would be ${NODES}); provider ` +
        `calls scale with nodes, as they must`,
    );
    console.log(
      `  engine DynamoDB calls by operation, N=${NODES}: ${Object.entries(many.engineDynamoByOperation)
        .map(([operation, count]) => `${operation.replace('engine ', '')} ${count}`)
        .join(', ')}`,
    );

    console.log(
      `\nrun kinds (issue 26): one run of each, on the local stack with the real ASL; WCU/RCU as DynamoDB Local reports them (request path + engine)`,
    );
    let delivered = 0;
    await benchRunKinds({
      api,
      callbackUrl: `http://${receiverHost}/callback`,
      setWebhook(mode) {
        if (mode === 'off') delete process.env.PROVIDER_WEBHOOK_BASE_URL;
        else {
          process.env.PROVIDER_WEBHOOK_BASE_URL = stack.baseUrl;
          falOptions.webhookAfterMs = mode.afterMs;
        }
      },
      takeDeliveries() {
        const total = [...fal.jobs.values()].reduce(
          (all, job) => all + (job.webhookStatuses ?? []).filter((status) => status === 200).length,
          0,
        );
        const fresh = total - delivered;
        delivered = total;
        return fresh;
      },
      takeCallbacks() {
        const fresh = callbacks;
        callbacks = 0;
        return fresh;
      },
      async measureRun(start) {
        reset(states);
        reset(tasks);
        reset(taskMs);
        calls.reset();
        const began = performance.now();
        const accepted = await start();
        const routeMs = performance.now() - began;
        // The bench's own status reads are not the run's: their request-path units are taken back out.
        const watching: Record<string, number> = {};
        let run: any;
        for (;;) {
          const before = calls.capacity();
          run = await api('GET', `/api/executions?executionId=${accepted.executionId}`);
          const after = calls.capacity();
          for (const key of ['request RCU', 'request WCU'])
            watching[key] = (watching[key] ?? 0) + (after[key] ?? 0) - (before[key] ?? 0);
          if (['succeeded', 'failed', 'cancelled'].includes(run.status)) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        // The execution outlives the run's record by a state or two (Finalize, Done): let it close.
        await new Promise((resolve) => setTimeout(resolve, 300));
        return {
          status: run.status,
          seconds: (performance.now() - began) / 1000,
          capacity: Object.fromEntries(
            Object.entries(calls.capacity()).map(([key, value]) => [key, value - (watching[key] ?? 0)]),
          ),
          states: { ...states },
          tasks: { ...tasks },
          taskMs: { ...taskMs },
          routeMs,
          s3: {},
        };
      },
    });
  } finally {
    await stack.stop();
    await fal.close();
    receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
