// unit: the crash window between "run recorded" and "state machine started", and the sweep that
// closes it (sweepStalledRuns), with an in-memory store whose queued-runs index lags like GSI2.
import { describe, expect, it } from 'vitest';
import { ConflictError } from '#core/errors';
import type { Canvas } from '#core/canvas/model';
import { finish, prepareRedrive } from '#core/runs/lifecycle';
import { queuedSince, type Execution } from '#core/runs/model';
import { STALLED_AFTER_SECONDS, sweepStalledRuns, type SweepDeps } from '#core/runs/sweep';
import { acceptRun, type RunDeps } from '#core/runs/use-cases';
import { type ServiceMetric, useTelemetrySink } from '#core/telemetry';
import type { ResumeOutcome, RunRepository, WorkflowEngine, WorkflowResumer } from '#core/ports';
import { advance } from '#core/runs/engine';
import { EXECUTORS } from '#core/runs/executors';
import { START, edge, executionOf, graph, linearGraph, node, noBlobs, recordingCallbacks } from './support.ts';

const GRACE_MS = STALLED_AFTER_SECONDS * 1000;

/** Executions by id, and the queued-runs index as the table's sparse GSI2 would hold it. */
class MemoryRuns {
  readonly executions = new Map<string, Execution>();
  /** Index entries are only removed when refresh() runs: GSI2 is eventually consistent. */
  private index = new Map<string, string>();
  readonly canvas = { id: 'cnv_test', archived: false, ...linearGraph() } as unknown as Canvas;

  async loadForStart() {
    return { canvas: this.canvas };
  }
  async claimKey() {
    return { claimed: true as const };
  }
  async create(input: { execution: Execution }) {
    this.put(input.execution);
    return { created: true };
  }
  async discard(_workspaceId: string, executionId: string) {
    this.executions.delete(executionId);
  }
  async get(_workspaceId: string, executionId: string) {
    const execution = this.executions.get(executionId);
    return execution && structuredClone(execution);
  }
  async save(execution: Execution, expectedVersion: number) {
    if (this.executions.get(execution.executionId)?.version !== expectedVersion) throw new ConflictError('version');
    this.put(execution);
  }
  async listQueued(cutoff: string) {
    return [...this.index]
      .filter(([, queuedAt]) => queuedAt < cutoff)
      .map(([executionId]) => ({ workspaceId: 'ws_test', executionId }));
  }
  /** Writes the item; the index gains queued runs at once, loses the others only on refresh(). */
  put(execution: Execution) {
    this.executions.set(execution.executionId, structuredClone(execution));
    if (execution.status === 'queued') this.index.set(execution.executionId, queuedSince(execution));
  }
  refresh() {
    this.index = new Map([...this.index].filter(([id]) => this.executions.get(id)?.status === 'queued'));
  }
}

/** Step Functions as the sweeper sees it: one scripted outcome per resume, every call recorded. */
class ScriptedResumer implements WorkflowResumer {
  readonly calls: { executionId: string; attempt: number }[] = [];
  constructor(private readonly outcome: ResumeOutcome = 'started') {}
  async resume(run: { workspaceId: string; executionId: string; attempt: number }) {
    this.calls.push({ executionId: run.executionId, attempt: run.attempt });
    return this.outcome;
  }
}

function harness(outcome?: ResumeOutcome) {
  const runs = new MemoryRuns();
  const engine = new ScriptedResumer(outcome);
  const { sent, callbacks } = recordingCallbacks();
  let now = START.getTime();
  const clock = { now: () => new Date(now) };
  const deps: SweepDeps = {
    runs: runs as unknown as RunRepository,
    queued: runs,
    engine,
    clock,
    callbacks,
    blobs: noBlobs,
  };
  return { runs, engine, sent, deps, clock, later: (ms: number) => (now += ms) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('sweepStalledRuns', () => {
  it('starts a run whose accepting process died between the transaction and StartExecution', async () => {
    // Prepare: acceptRun writes the run, then its process "dies" inside StartExecution (never returns)
    const { runs, engine, deps, clock, later } = harness();
    const dying: WorkflowEngine = {
      start: () => new Promise(() => {}),
      stop: async () => {},
      redrive: async () => 'redriven' as const,
    };
    const runDeps: RunDeps = { runs: runs as unknown as RunRepository, engine: dying, clock, blobs: noBlobs };
    void acceptRun(
      { workspaceId: 'ws_test' },
      { canvasId: 'cnv_test', triggerNodeId: 'prompt', inputs: {}, idempotencyKey: 'k1' },
      { kind: 'api' },
      runDeps,
    );
    await flush();
    const [accepted] = [...runs.executions.values()];
    expect(accepted).toMatchObject({ status: 'queued', attempt: 1 });

    // Act: the first sweep after the grace period
    later(GRACE_MS + 1000);
    const report = await sweepStalledRuns(deps, { graceMs: GRACE_MS });

    // Assess
    expect(report).toMatchObject({ found: 1, started: 1, failed: 0, errors: 0 });
    expect(engine.calls).toEqual([{ executionId: accepted!.executionId, attempt: 1 }]);
  });

  it('leaves a run alone while it is within the grace period (its request may still be starting it)', async () => {
    // Prepare
    const { runs, engine, deps, later } = harness();
    runs.put(executionOf(linearGraph()));
    later(GRACE_MS - 1000);
    // Act
    const report = await sweepStalledRuns(deps, { graceMs: GRACE_MS });
    // Assess: listed (finished runs' callbacks are due sooner, so the index is read to a later cutoff), left alone
    expect(report).toMatchObject({ started: 0, failed: 0, skipped: report.found });
    expect(engine.calls).toEqual([]);
  });

  it('skips a run the lagging index still lists but the table says was cancelled', async () => {
    // Prepare: cancelled after it was indexed; the index has not caught up yet
    const { runs, engine, deps, later } = harness();
    const execution = executionOf(linearGraph());
    runs.put(execution);
    finish(execution, 'cancelled', START.toISOString(), 'cancelled by request');
    runs.executions.set(execution.executionId, execution);
    later(GRACE_MS + 1000);
    // Act
    const report = await sweepStalledRuns(deps, { graceMs: GRACE_MS });
    // Assess
    expect(report).toMatchObject({ found: 1, skipped: 1, started: 0 });
    expect(engine.calls).toEqual([]);
  });

  it('redrives a run whose redrive was recorded but never reached Step Functions', async () => {
    // Prepare: failed, then the redrive route saved attempt 2 and died before RedriveExecution
    const { runs, engine, deps, later } = harness();
    const execution = executionOf(linearGraph());
    execution.status = 'running';
    finish(execution, 'failed', START.toISOString(), 'boom');
    later(60_000);
    prepareRedrive(execution, deps.clock.now().toISOString());
    runs.put(execution);
    // Act: the redrive is younger than the grace period, then older
    const early = await sweepStalledRuns(deps, { graceMs: GRACE_MS });
    later(GRACE_MS + 1000);
    const late = await sweepStalledRuns(deps, { graceMs: GRACE_MS });
    // Assess: the grace counts from the redrive, not from the run's creation
    expect(early.found).toBe(0);
    expect(late).toMatchObject({ found: 1, started: 1 });
    expect(engine.calls).toEqual([{ executionId: execution.executionId, attempt: 2 }]);
  });

  it('records a run whose execution closed without it ever leaving queued as failed, and calls back once', async () => {
    // Prepare
    const { runs, sent, deps, later } = harness('gone');
    const execution = executionOf(linearGraph(), { callbackUrl: 'https://hooks.example.com/done' });
    runs.put(execution);
    later(GRACE_MS + 1000);
    // Act: two sweeps, the index catching up in between
    const first = await sweepStalledRuns(deps, { graceMs: GRACE_MS });
    runs.refresh();
    const second = await sweepStalledRuns(deps, { graceMs: GRACE_MS });
    // Assess
    expect(first).toMatchObject({ found: 1, failed: 1 });
    expect(second.found).toBe(0);
    expect(runs.executions.get(execution.executionId)).toMatchObject({
      status: 'failed',
      error: { nodeId: null, message: expect.stringMatching(/redrive/) },
    });
    expect(sent.map((payload) => payload.status)).toEqual(['failed']);
  });

  it('counts a run that fails to resume as an error and still resumes the others', async () => {
    // Prepare
    const { runs, deps, later } = harness();
    const [broken, fine] = [executionOf(linearGraph()), executionOf(linearGraph())];
    runs.put(broken);
    runs.put(fine);
    deps.engine = {
      resume: async (run) => {
        if (run.executionId === broken.executionId) throw new Error('ThrottlingException');
        return 'started';
      },
    };
    later(GRACE_MS + 1000);
    // Act
    const report = await sweepStalledRuns(deps, { graceMs: GRACE_MS });
    // Assess
    expect(report).toMatchObject({ found: 2, started: 1, errors: 1 });
  });

  it('counts what each sweep found for the outbox alarms: runs due, started, failed to start — zeros too', async () => {
    // Prepare: one run the sweeper can start, one whose start Step Functions throttles; the counts go to
    // a recording sink
    const counts: Array<[ServiceMetric, number]> = [];
    useTelemetrySink({ count: (metric, value) => counts.push([metric, value]), log: () => {}, tag: () => {} });
    const { runs, deps, later } = harness();
    const [throttled, fine] = [executionOf(linearGraph()), executionOf(linearGraph())];
    runs.put(throttled);
    runs.put(fine);
    deps.engine = {
      resume: async (run) => {
        if (run.executionId === throttled.executionId) throw new Error('ThrottlingException');
        return 'started';
      },
    };
    later(GRACE_MS + 1000);
    // Act: a sweep with work, then a sweep of an empty outbox
    await sweepStalledRuns(deps, { graceMs: GRACE_MS });
    const busy = counts.splice(0);
    runs.executions.clear();
    runs.refresh();
    await sweepStalledRuns(deps, { graceMs: GRACE_MS });
    // Assess: the empty sweep still says 0 (nothing pending, as opposed to no sweep)
    expect(busy).toEqual([
      ['OutboxRunsDue', 2],
      ['OutboxRunsStarted', 1],
      ['OutboxResumeFailed', 1],
    ]);
    expect(counts).toEqual([
      ['OutboxRunsDue', 0],
      ['OutboxRunsStarted', 0],
      ['OutboxResumeFailed', 0],
    ]);
  });

  it('never takes over a run that has waited days on a wait node: it left the outbox when it started', async () => {
    // Prepare: a run whose wait node pauses it 5 days, stepped once (running, the node waiting), the
    // index not refreshed yet (it still lists the run)
    const { runs, engine, deps, later } = harness();
    const frozen = graph(
      [node('prompt', 'prompt'), node('pause', 'wait', { data: { seconds: 5 * 86_400 } })],
      [edge('e1', 'prompt', 'prompt-out', 'pause', 'value-in')],
    );
    const execution = executionOf(frozen);
    runs.put(execution);
    const outcome = await advance(execution, frozen, EXECUTORS, () => START.toISOString());
    runs.put(execution);
    later(4 * 86_400_000);

    // Act
    const report = await sweepStalledRuns(deps, { graceMs: GRACE_MS });

    // Assess
    expect(outcome).toEqual({ status: 'waiting', waitSeconds: 5 * 86_400 });
    expect(report).toMatchObject({ found: 1, skipped: 1, failed: 0, started: 0 });
    expect(engine.calls).toEqual([]);
    expect(runs.executions.get(execution.executionId)).toMatchObject({ status: 'running' });
  });
});
