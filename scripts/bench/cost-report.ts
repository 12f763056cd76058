// bench cost model (docs/cost.md): one million runs of the 3-node canvas at list prices, from the isolated
// runs on both run paths and from target c under load, and the sync latency of both run paths.
import { costPerMillionRuns, floorPerMillionRuns, type RunFootprint } from './cost.ts';
import { fmt, per, sum } from './figures.ts';
import { percentile } from './load.ts';
import type { LoadRow } from './load-targets.ts';
import { type Isolated, RUNS, SYNC_SAMPLES } from './run-paths.ts';

export interface CostReport {
  isolated: Isolated;
  isolatedInline: Isolated;
  /** Target c's row: runs priced from what they did under load. */
  c: LoadRow;
  syncLatency: { sfn: number[]; inline: number[] };
}

export function reportCosts({ isolated, isolatedInline, c, syncLatency }: CostReport): void {
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
    s3Puts: (measured.calls['request s3:PutObject'] ?? 0) / RUNS + (measured.calls['engine s3:PutObject'] ?? 0) / RUNS,
    s3Gets: (measured.calls['request s3:GetObject'] ?? 0) / RUNS + (measured.calls['engine s3:GetObject'] ?? 0) / RUNS,
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
      `cost model, ${label}: 1 million runs of the 3-node canvas at AWS list prices (us-east-1, docs/cost.md); per run measured: ${fmt(footprint.lambdaInvocations, 2)} Lambda invocations, ` +
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
    `  inline / state machine: ${fmt(inlineTotal / sfnTotal, 3)} (saves $${fmt(sfnTotal - inlineTotal, 2)} per million runs)`,
  );
  // The same model from the load target c, per accepted run (202s answered), so a run under load is
  // priced from what it did under load; the Lambda time is the route's median latency plus the tasks'.
  const underLoad = (r: LoadRow): RunFootprint => ({
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
    `sync latency, POST /api/run sync:true of the 3-node canvas, ${SYNC_SAMPLES} each, alternating: state machine ${latency(syncLatency.sfn)}; inline ` +
      `${latency(syncLatency.inline)}`,
  );
}
