// bench d: linear canvases of instant nodes run sync, end to end, on the state machine — a 3-node run gives
// the fixed per-run cost, the 50-node run the cost per node (timeline, state transitions, SDK calls, and
// the core step alone in-process).
import { fmt, ms, per, scoped, sum } from './figures.ts';
import type { Counts, Host, Ready } from './host-client.ts';
import { LINEAR_NODES } from './settings.ts';
import { api, runId } from './setup.ts';

type Canvas = { canvasId: string; triggerNodeId: string };
export type LinearRuns = Awaited<ReturnType<typeof measureLinearRuns>>;

export async function measureLinearRuns(
  host: Host,
  ready: Ready,
  canvases: { small: Canvas; long: Canvas },
  drain: () => Promise<unknown>,
) {
  const { small, long } = canvases;
  const counts = () => host.call<Counts>('counts');
  const syncRun = async (canvas: Canvas, tag: string) => {
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
  return { d3, d50 };
}

export function reportLinearRuns({ d3, d50 }: LinearRuns): void {
  console.log(
    `d: linear canvases of instant nodes, POST /api/run sync:true, end to end, on the state machine (INLINE_INSTANT_RUNS=off)`,
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
    console.log(`            transitions ${sum(d.states)} (${per(d.states, 1)}); task invocations ${per(d.tasks, 1)}`);
    console.log(
      `            SDK calls: request ${per(scoped(d.calls, 'request '), 1)} | ` +
        `engine ${per(scoped(d.calls, 'engine '), 1)}`,
    );
  }
  const marginal = ((d50.taskMs.Advance ?? NaN) - (d3.taskMs.Advance ?? NaN)) / (LINEAR_NODES - 3);
  console.log(
    `  engine overhead per instant node: ${fmt(d50.stepUs / LINEAR_NODES, 1)} µs in the core step alone (advance() in-process, ${LINEAR_NODES}-node step ` +
      `${fmt(d50.stepUs, 0)} µs, 3-node ${fmt(d3.stepUs, 0)} µs); ` +
      `marginal ${fmt(marginal, 2)} ms/node in the Advance task incl. its DynamoDB I/O (one sample each)`,
  );
}
