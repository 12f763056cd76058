// bench: what one run costs, by kind, measured on the local stack with the real ASL (called from
// video-nodes.ts, which owns the stack and the counters): an instant run, the same with a callback URL,
// a video run polled, and a video run completed by the provider's webhook at two job lengths. Per run:
// DynamoDB capacity units as DynamoDB Local reports them, Lambda invocations (the accepting route, each
// Advance/Finalize task, each completion-webhook delivery; WaitForProvider parks are Step Functions'
// own DynamoDB calls, not Lambdas, but their writes count in WCU: locally they go through the counted
// table client), state transitions, then the cost model (cost.ts) of each. A polled-only run parks
// nothing (WaitToPoll is a plain Wait).
import { costPerMillionRuns, floorPerMillionRuns, type RunFootprint } from './cost.ts';

export interface RunKindsContext {
  api(method: string, path: string, body?: unknown): Promise<any>;
  /** Resets the counters, runs `start`, waits for the run, and answers what it used. */
  measureRun(start: () => Promise<{ executionId: string }>): Promise<{
    status: string;
    seconds: number;
    capacity: Record<string, number>;
    states: Record<string, number>;
    tasks: Record<string, number>;
    taskMs: Record<string, number>;
    routeMs: number;
    s3: Record<string, number>;
  }>;
  callbackUrl: string;
  /** Sets how long the fal stand-in's webhook jobs run (ms), and whether jobs ask for a webhook. */
  setWebhook(mode: { afterMs: number } | 'off'): void;
  /** Completion-webhook deliveries our route answered since the last call. */
  takeDeliveries(): number;
  /** Callbacks the receiver got since the last call. */
  takeCallbacks(): number;
}

const sum = (record: Record<string, number>) => Object.values(record).reduce((total, value) => total + value, 0);
const units = (capacity: Record<string, number>, suffix: string) =>
  sum(Object.fromEntries(Object.entries(capacity).filter(([key]) => key.endsWith(suffix))));
const fmt = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

export async function benchRunKinds(context: RunKindsContext): Promise<void> {
  const { api } = context;
  const canvas = async (name: string, video: boolean) => {
    const created = await api('POST', '/api/mcp/canvas/create', { name });
    const operations: unknown[] = [
      { op: 'node/add', id: 'prompt', type: 'prompt', data: { prompt: 'Surf at sunset' } },
      { op: 'node/add', id: 'out', type: 'output' },
    ];
    const link = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
      op: 'edge/add',
      id: `${source}-${target}`,
      source,
      sourceHandle,
      target,
      targetHandle,
    });
    if (video)
      operations.push(
        {
          op: 'node/add',
          id: 'video',
          type: 'video-generation',
          data: { endpointId: 'fal-ai/wan/v2.7/text-to-video', modelParams: { duration: 5 } },
        },
        link('prompt', 'prompt-out', 'video', 'prompt-in'),
        link('video', 'video-out', 'out', 'value-in'),
      );
    else operations.push(link('prompt', 'prompt-out', 'out', 'value-in'));
    await api('POST', '/api/mcp/canvas/patch', { canvasId: created.id, operations });
    return created.id as string;
  };
  const instant = await canvas('bench instant', false);
  const videoCanvas = await canvas('bench video', true);
  // A distinct input per run: the same body again would be answered as a replay of the first run.
  let sequence = 0;
  const run =
    (canvasId: string, extra: Record<string, unknown> = {}) =>
    () =>
      api('POST', '/api/run', {
        canvasId,
        triggerNodeId: 'prompt',
        inputs: { prompt: `bench run ${Date.now()}-${++sequence}` },
        ...extra,
      });

  const kinds: {
    label: string;
    start: () => Promise<{ executionId: string }>;
    webhook: { afterMs: number } | 'off';
  }[] = [
    { label: 'instant run (prompt → output)', start: run(instant), webhook: 'off' },
    {
      label: 'instant run with a callback URL',
      start: run(instant, { callbackUrl: context.callbackUrl }),
      webhook: 'off',
    },
    { label: 'video run, polled (3 status polls)', start: run(videoCanvas), webhook: 'off' },
    { label: 'video run, webhook-completed, 2 s job', start: run(videoCanvas), webhook: { afterMs: 2000 } },
    { label: 'video run, webhook-completed, 8 s job', start: run(videoCanvas), webhook: { afterMs: 8000 } },
  ];
  const rows: { label: string; footprint: RunFootprint; deliveries: number; callbacks: number; seconds: number }[] = [];
  for (const kind of kinds) {
    context.setWebhook(kind.webhook);
    context.takeDeliveries();
    context.takeCallbacks();
    const measured = await context.measureRun(kind.start);
    if (measured.status !== 'succeeded') throw new Error(`${kind.label}: run ${measured.status}`);
    // A callback is delivered after the run reads succeeded: give it a moment to land before counting.
    for (let i = 0; i < 50 && kind.label.includes('callback') && context.takeCallbacks() === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const deliveries = context.takeDeliveries();
    const lambdaTasks = (measured.tasks.Advance ?? 0) + (measured.tasks.Finalize ?? 0) + (measured.tasks.Recover ?? 0);
    rows.push({
      label: kind.label,
      seconds: measured.seconds,
      deliveries,
      callbacks: kind.label.includes('callback') ? 1 : 0,
      footprint: {
        // The run's POST, and each webhook delivery: API Gateway requests and Lambda invocations both.
        apiRequests: 1 + deliveries,
        lambdaInvocations: 1 + lambdaTasks + deliveries,
        lambdaMs: measured.routeMs + (measured.taskMs.Advance ?? 0) + (measured.taskMs.Finalize ?? 0),
        memoryMb: 1024,
        readUnits: units(measured.capacity, ' RCU'),
        writeUnits: units(measured.capacity, ' WCU'),
        stateTransitions: sum(measured.states),
        s3Puts: measured.s3.PutObject ?? 0,
        s3Gets: measured.s3.GetObject ?? 0,
      },
    });
    console.log(
      `  ${kind.label.padEnd(40)} ` +
        `${fmt(rows.at(-1)!.footprint.writeUnits, 1).padStart(5)} ` +
        `WCU ` +
        `${fmt(rows.at(-1)!.footprint.readUnits, 1).padStart(5)} ` +
        `RCU  ` +
        `${String(rows.at(-1)!.footprint.lambdaInvocations).padStart(2)} ` +
        `Lambda invocations (Advance ` +
        `${measured.tasks.Advance ?? 0}, Finalize ` +
        `${measured.tasks.Finalize ?? 0}, webhook ${deliveries})  ` +
        `${String(sum(measured.states)).padStart(2)} transitions (${Object.entries(measured.states)
          .map(([state, count]) => `${state} ${count}`)
          .join(', ')})  ${fmt(measured.seconds, 1)} s`,
    );
  }
  const instantRoute = rows[0]!.footprint.lambdaMs;
  const floor = floorPerMillionRuns(instantRoute, 1024);
  console.log(
    `  cost model per million runs (AWS list prices, cost.ts; provider charges and S3 storage left out); floor = one API request, one Lambda of the instant run's route time, one write = $${fmt(floor)}`,
  );
  const totals = rows.map((row) =>
    costPerMillionRuns(row.footprint).reduce((all, line) => all + line.perMillionRuns, 0),
  );
  for (const [index, row] of rows.entries()) {
    const lines = costPerMillionRuns(row.footprint);
    console.log(
      `  ${row.label.padEnd(40)} $${fmt(totals[index]!).padStart(8)} = ` +
        `${fmt(totals[index]! / floor, 1).padStart(5)}× ` +
        `the floor  (` +
        lines
          .filter((line) => line.perMillionRuns > 0)
          .map((line) => `${line.item} $${fmt(line.perMillionRuns)}`)
          .join(', ') +
        ')',
    );
  }
  const [, , polled, short, long] = rows as [
    unknown,
    unknown,
    (typeof rows)[number],
    (typeof rows)[number],
    (typeof rows)[number],
  ];
  const advances = (row: (typeof rows)[number]) => row.footprint.lambdaInvocations - row.deliveries;
  console.log(
    `  ratios: webhook-completed / polled transitions ` +
      `${fmt(short.footprint.stateTransitions / polled.footprint.stateTransitions)}; ` +
      `8 s job / 2 s job, webhook-completed: transitions ` +
      `${fmt(long.footprint.stateTransitions / short.footprint.stateTransitions)}, ` +
      `Advance invocations ` +
      `${fmt(advances(long) / advances(short))} ` +
      `(constant however long the job takes)`,
  );
}
