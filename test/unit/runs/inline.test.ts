// unit: runs that need no state machine, run by the process that accepted them (runs/inline.ts) —
// which runs qualify, what is saved, and every crash window: a process that dies mid-step leaves the
// run in the outbox for the sweeper (which hands it to the state machine); a redrive of an inline run
// runs inline; a deferred start is due at the sweeper's next pass. In-memory store, lagging index.
import { describe, expect, it } from 'vitest';
import { ConflictError } from '#core/errors';
import type { Canvas } from '#core/canvas/model';
import { EXECUTORS, NodeFailedError, type ExecutorRegistry } from '#core/runs/executors';
import { INLINE_MAX_NODES, runsInline } from '#core/runs/inline';
import { finish } from '#core/runs/lifecycle';
import { queuedSince, type Execution, type FrozenGraph } from '#core/runs/model';
import { STALLED_AFTER_SECONDS, sweepStalledRuns, type SweepDeps } from '#core/runs/sweep';
import { acceptRun, cancelRun, redriveRun, type RunDeps } from '#core/runs/use-cases';
import type { BlobStore } from '#core/runs/blobs';
import type { CallbackSender, ResumeOutcome, RunRepository, WorkflowEngine } from '#core/ports';
import { START, edge, executionOf, graph, linearGraph, node } from './support.ts';

const GRACE_MS = STALLED_AFTER_SECONDS * 1000;
const PRINCIPAL = { workspaceId: 'ws_test', scopes: ['run:workflows'] } as never;

/** Executions and frozen graphs by id; the queued-runs index changes only on refresh() (GSI2 lags). */
class MemoryRuns {
  readonly executions = new Map<string, Execution>();
  readonly graphs = new Map<string, FrozenGraph>();
  private index = new Map<string, string>();
  saves = 0;
  /** When set, save() calls it first (a process dying, a store failing, a cancel racing). */
  beforeSave?: (execution: Execution) => Promise<void>;
  canvas = { id: 'cnv_test', archived: false, ...linearGraph() } as unknown as Canvas;

  async loadForStart() {
    return { canvas: this.canvas };
  }
  async create(input: { execution: Execution; graph: FrozenGraph }) {
    this.graphs.set(input.execution.executionId, structuredClone(input.graph));
    this.put(input.execution);
    return { created: true as const };
  }
  async discard(_workspaceId: string, executionId: string) {
    this.executions.delete(executionId);
  }
  async get(_workspaceId: string, executionId: string) {
    const execution = this.executions.get(executionId);
    return execution && structuredClone(execution);
  }
  async getWithGraph(_workspaceId: string, executionId: string) {
    const execution = this.executions.get(executionId);
    const frozen = this.graphs.get(executionId);
    return execution && frozen ? { execution: structuredClone(execution), graph: structuredClone(frozen) } : undefined;
  }
  async save(execution: Execution, expectedVersion: number) {
    await this.beforeSave?.(execution);
    if (this.executions.get(execution.executionId)?.version !== expectedVersion) throw new ConflictError('version');
    this.saves += 1;
    this.put(execution);
  }
  async listQueued(cutoff: string) {
    return [...this.index]
      .filter(([, queuedAt]) => queuedAt < cutoff)
      .map(([executionId]) => ({ workspaceId: 'ws_test', executionId }));
  }
  put(execution: Execution) {
    this.executions.set(execution.executionId, structuredClone(execution));
    if (execution.status === 'queued') this.index.set(execution.executionId, queuedSince(execution));
  }
  refresh() {
    this.index = new Map([...this.index].filter(([id]) => this.executions.get(id)?.status === 'queued'));
  }
  only(): Execution {
    const all = [...this.executions.values()];
    expect(all).toHaveLength(1);
    return all[0]!;
  }
}

/** Step Functions as the routes and the sweeper see it; every call recorded. */
class RecordingEngine implements WorkflowEngine {
  readonly calls: string[] = [];
  constructor(
    private readonly answers: {
      start?: 'started' | 'deferred';
      redrive?: 'redriven' | 'missing';
      resume?: ResumeOutcome;
    } = {},
  ) {}
  async start(run: { executionId: string }) {
    this.calls.push(`start ${run.executionId}`);
    return this.answers.start ?? 'started';
  }
  async stop(executionId: string) {
    this.calls.push(`stop ${executionId}`);
  }
  async redrive(executionId: string) {
    this.calls.push(`redrive ${executionId}`);
    return this.answers.redrive ?? 'missing';
  }
  async resume(run: { executionId: string; attempt: number }) {
    this.calls.push(`resume ${run.executionId} attempt ${run.attempt}`);
    return this.answers.resume ?? 'started';
  }
}

const noBlobs: BlobStore = {
  put: async () => {},
  get: async () => 'null',
  url: async (key) => `https://blobs.test/${key}`,
};
const noCallbacks: CallbackSender = {
  send: async () => {
    throw new Error('an inline run has no callback to send');
  },
};
/** A `text` node that always fails: a real node failure the run records. */
const failingText: ExecutorRegistry = {
  ...EXECUTORS,
  text: {
    kind: 'instant',
    run: () => {
      throw new NodeFailedError('tpl refuses');
    },
  },
};

function harness(options: { inline?: boolean; engine?: RecordingEngine; executors?: ExecutorRegistry } = {}) {
  const runs = new MemoryRuns();
  const engine = options.engine ?? new RecordingEngine();
  let now = START.getTime();
  const clock = {
    now: () => {
      now += 1;
      return new Date(now);
    },
  };
  const deps: RunDeps = {
    runs: runs as unknown as RunRepository,
    engine,
    clock,
    blobs: noBlobs,
    inlineRuns: () => options.inline ?? true,
    ...(options.executors ? { executors: options.executors } : {}),
  };
  const sweepDeps: SweepDeps = {
    runs: runs as unknown as RunRepository,
    queued: runs,
    engine,
    clock,
    callbacks: noCallbacks,
    blobs: noBlobs,
  };
  const accept = (extra: { callbackUrl?: string; key?: string } = {}) =>
    acceptRun(
      { workspaceId: 'ws_test' },
      {
        canvasId: 'cnv_test',
        triggerNodeId: 'prompt',
        inputs: { prompt: 'inline' },
        idempotencyKey: extra.key ?? 'k1',
        ...(extra.callbackUrl ? { callbackUrl: extra.callbackUrl } : {}),
      },
      { kind: 'api' },
      deps,
    );
  return { runs, engine, deps, sweepDeps, accept, later: (ms: number) => (now += ms) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('runsInline', () => {
  it('takes runs of instant nodes without a callback URL, up to INLINE_MAX_NODES nodes', () => {
    const frozen = linearGraph();
    expect(runsInline(executionOf(frozen), frozen)).toBe(true);
    expect(runsInline(executionOf(frozen, { callbackUrl: 'https://example.com/cb' }), frozen)).toBe(false);
    const jobs: ExecutorRegistry = {
      ...EXECUTORS,
      text: {
        kind: 'job',
        submit: async () => ({ jobId: 'j', pollAfterSeconds: 1 }),
        poll: async () => ({ done: false, pollAfterSeconds: 1 }),
      },
    };
    expect(runsInline(executionOf(frozen), frozen, jobs)).toBe(false);
    const unknownType = graph(
      [node('prompt', 'prompt'), node('gen', 'image-generation' as never)],
      [edge('e', 'prompt', 'prompt-out', 'gen', 'prompt-in')],
    );
    expect(runsInline(executionOf(unknownType), unknownType)).toBe(false);
    const texts = (count: number) =>
      graph([node('prompt', 'prompt'), ...Array.from({ length: count - 1 }, (_, i) => node(`t${i}`, 'text'))]);
    expect(runsInline(executionOf(texts(INLINE_MAX_NODES)), texts(INLINE_MAX_NODES))).toBe(true);
    expect(runsInline(executionOf(texts(INLINE_MAX_NODES + 1)), texts(INLINE_MAX_NODES + 1))).toBe(false);
  });
});

describe('acceptRun with inline runs', () => {
  it('runs an instant-only run to its end in one save, without the state machine, and answers it', async () => {
    const { runs, engine, accept } = harness();

    const accepted = await accept();

    const stored = runs.only();
    expect(engine.calls).toEqual([]);
    expect(runs.saves).toBe(1);
    expect(stored).toMatchObject({ status: 'succeeded', attempt: 1, result: { out: 'Say: inline' }, version: 2 });
    expect(stored.timeline.map((event) => event.type)).toEqual([
      'execution.queued',
      'execution.started',
      'node.started',
      'node.succeeded',
      'node.started',
      'node.succeeded',
      'node.started',
      'node.succeeded',
      'execution.succeeded',
    ]);
    expect(accepted).toMatchObject({
      statusCode: 202,
      replayed: false,
      ran: { executionId: stored.executionId, status: 'succeeded' },
    });
    runs.refresh();
    expect(await runs.listQueued('9999')).toEqual([]);
  });

  it('starts the state machine for a run with a callback URL, and when inline runs are off', async () => {
    const withCallback = harness();
    const accepted = await withCallback.accept({ callbackUrl: 'https://example.com/cb' });
    expect(withCallback.engine.calls).toEqual([`start ${accepted.executionId}`]);
    expect(accepted.ran).toBeUndefined();
    expect(withCallback.runs.only().status).toBe('queued');

    const off = harness({ inline: false });
    const other = await off.accept();
    expect(off.engine.calls).toEqual([`start ${other.executionId}`]);
    expect(off.runs.only().status).toBe('queued');
  });

  it('records a failing node as a failed run, inline', async () => {
    const { runs, engine, accept } = harness({ executors: failingText });
    await accept();
    expect(engine.calls).toEqual([]);
    expect(runs.only()).toMatchObject({
      status: 'failed',
      error: { nodeId: 'tpl', message: 'tpl refuses' },
      nodes: { tpl: { status: 'failed' }, out: { status: 'pending' } },
    });
  });

  it(
    'crash window: a process that dies during the inline step leaves the run queued; the sweeper hands it to ' +
      'the state machine once',
    async () => {
      // Prepare: the save never returns (the Lambda died or timed out mid-step)
      const { runs, engine, sweepDeps, accept, later } = harness();
      runs.beforeSave = () => new Promise(() => {});
      void accept();
      await flush();
      const orphan = runs.only();
      expect(orphan.status).toBe('queued');

      // Act: a sweep within the grace period, then one after it
      const early = await sweepStalledRuns(sweepDeps, { graceMs: GRACE_MS });
      later(GRACE_MS + 1);
      const late = await sweepStalledRuns(sweepDeps, { graceMs: GRACE_MS });

      // Assess: the state machine started it (attempt 1), exactly once
      expect(early.found).toBe(0);
      expect(late).toMatchObject({ found: 1, started: 1 });
      expect(engine.calls).toEqual([`resume ${orphan.executionId} attempt 1`]);
    },
  );

  it('hands a run whose inline step could not be saved to the state machine at once', async () => {
    const { runs, engine, accept } = harness();
    runs.beforeSave = async () => {
      throw new Error('ProvisionedThroughputExceeded');
    };
    const accepted = await accept();
    expect(accepted.ran).toBeUndefined();
    expect(engine.calls).toEqual([`start ${accepted.executionId}`]);
    expect(runs.only().status).toBe('queued');
  });

  it('keeps a cancel that won the race: the answer is the cancelled run, nothing overwritten', async () => {
    const { runs, engine, deps, accept } = harness();
    runs.beforeSave = async (execution) => {
      runs.beforeSave = undefined;
      await cancelRun(PRINCIPAL, execution.executionId, { ...deps, callbacks: noCallbacks });
    };
    const accepted = await accept();
    expect(accepted.ran).toMatchObject({ status: 'cancelled' });
    expect(runs.only()).toMatchObject({ status: 'cancelled', result: {} });
    expect(engine.calls).toEqual([`stop ${accepted.executionId}`]);
  });
});

describe('redrive of a run that ran inline', () => {
  it(
    'runs the redriven attempt ' +
      'inline (there ' +
      'is no state machine ' +
      'execution), resuming at the ' +
      'failed node',
    async () => {
      // Prepare: attempt 1 failed at tpl, inline; then tpl is fixed (a transient failure)
      const executors: ExecutorRegistry = { ...failingText };
      const { runs, engine, deps, accept } = harness({ executors });
      const { executionId } = await accept();
      const failed = runs.only();
      expect(failed.status).toBe('failed');
      executors.text = EXECUTORS.text;

      // Act
      const redriven = await redriveRun(PRINCIPAL, executionId, deps);

      // Assess
      expect(engine.calls).toEqual([`redrive ${executionId}`]);
      expect(redriven).toMatchObject({ status: 'succeeded', attempt: 2, error: null, result: { out: 'Say: inline' } });
      expect(redriven.nodes.prompt).toMatchObject({ attempts: 1, startedAt: failed.nodes.prompt!.startedAt });
      expect(redriven.nodes.tpl).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(runs.only().timeline.filter((event) => event.type === 'execution.redriven')).toHaveLength(1);
    },
  );

  it('uses Step Functions redrive when the run has an execution (the sweeper once started it)', async () => {
    const engine = new RecordingEngine({ redrive: 'redriven' });
    const { runs, deps, accept } = harness({ engine, executors: failingText });
    const { executionId } = await accept();
    const redriven = await redriveRun(PRINCIPAL, executionId, deps);
    expect(redriven).toMatchObject({ status: 'queued', attempt: 2 });
    expect(runs.only().status).toBe('queued');
  });

  it(
    'crash window: a redrive whose inline step died is recorded failed by the sweeper (redrive again), never ' +
      'stuck',
    async () => {
      const engine = new RecordingEngine({ resume: 'gone' });
      const { runs, deps, sweepDeps, accept, later } = harness({ engine, executors: failingText });
      const { executionId } = await accept();
      runs.beforeSave = async (execution) => {
        if (execution.status !== 'queued') await new Promise(() => {});
      };
      void redriveRun(PRINCIPAL, executionId, deps);
      await flush();
      await flush();
      expect(runs.only()).toMatchObject({ status: 'queued', attempt: 2 });
      runs.beforeSave = undefined;

      later(GRACE_MS + 1);
      const report = await sweepStalledRuns(sweepDeps, { graceMs: GRACE_MS });

      expect(report).toMatchObject({ found: 1, failed: 1 });
      expect(runs.only()).toMatchObject({
        status: 'failed',
        attempt: 2,
        error: { nodeId: null, message: expect.stringMatching(/redrive/) },
      });
    },
  );
});

describe('a start Step Functions deferred (throttled)', () => {
  it(
    'stays queued, marked due, and the sweeper starts it at its next pass without waiting out the stall ' + 'threshold',
    async () => {
      const engine = new RecordingEngine({ start: 'deferred' });
      const { runs, sweepDeps, accept } = harness({ inline: false, engine });

      const accepted = await accept();

      const queued = runs.only();
      expect(accepted.statusCode).toBe(202);
      expect(queued).toMatchObject({ status: 'queued', startDeferredAt: expect.any(String) });
      const report = await sweepStalledRuns(sweepDeps, { graceMs: GRACE_MS });
      expect(report).toMatchObject({ found: 1, started: 1 });
      expect(engine.calls).toEqual([`start ${accepted.executionId}`, `resume ${accepted.executionId} attempt 1`]);
    },
  );

  it('is never marked once the run has moved on (cancelled before the mark)', async () => {
    const engine = new RecordingEngine({ start: 'deferred' });
    const { runs, accept } = harness({ inline: false, engine });
    const realStart = engine.start.bind(engine);
    engine.start = async (run) => {
      const stored = runs.executions.get(run.executionId)!;
      finish(stored, 'cancelled', START.toISOString());
      stored.version += 1;
      return realStart(run);
    };
    await accept();
    expect(runs.only()).toMatchObject({ status: 'cancelled' });
    expect(runs.only().startDeferredAt).toBeUndefined();
  });
});
