// bench run paths (issue 7): the SDK calls, capacity and engine work of one accepted run at a time, on the
// state machine and run inline by the route, and the sync latency of the 3-node run both ways.
import { add } from './figures.ts';
import type { Counts, Host, Ready } from './host-client.ts';
import { api, runId } from './setup.ts';

/**
 * Runs measured one at a time, so nothing else is in flight: on the state machine, then run inline by the
 * route (the default, which the rest of the bench keeps).
 */
export const RUNS = 5;
/** Sync runs timed per run path. */
export const SYNC_SAMPLES = 11;

export type Isolated = Awaited<ReturnType<typeof measureRunPaths>>['isolated'];

export async function measureRunPaths(host: Host, ready: Ready, runBody: string, drain: () => Promise<unknown>) {
  const counts = () => host.call<Counts>('counts');
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

  return { isolated, isolatedInline, syncLatency };
}
