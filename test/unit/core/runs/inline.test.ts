// unit: runs that need no state machine, run by the process that accepted them (runs/inline.ts) —
// which runs qualify, what is written (the key, then the finished run, once), and every crash window:
// a process that dies mid-step leaves only its claimed key, which a retry takes over after the lease
// under the same executionId; a callback waits in the outbox for the sweeper; a redrive of an inline
// run runs inline; a deferred start is due at the sweeper's next pass. In-memory store, lagging index.
import { describe, expect, it } from 'vitest';
import { ConflictError } from '#core/errors';
import { EXECUTORS, type ExecutorRegistry } from '#core/runs/executors';
import { INLINE_MAX_NODES, runsInline } from '#core/runs/inline';
import { finish } from '#core/runs/lifecycle';
import { CALLBACK_HOLD_SECONDS, sweepStalledRuns } from '#core/runs/sweep';
import { CLAIM_LEASE_MS, cancelRun, redriveRun } from '#core/runs/use-cases';
import { START, edge, graph, linearGraph, node } from './support.ts';
import { failingText, flush, GRACE_MS, harness, PRINCIPAL, RecordingEngine } from './inline-harness.ts';

describe('runsInline', () => {
  it('takes runs of instant nodes, with or without a callback URL, up to INLINE_MAX_NODES nodes', () => {
    const frozen = linearGraph();
    expect(runsInline(frozen)).toBe(true);
    const jobs: ExecutorRegistry = {
      ...EXECUTORS,
      text: {
        kind: 'job',
        submit: async () => ({ jobId: 'j', pollAfterSeconds: 1 }),
        poll: async () => ({ done: false, pollAfterSeconds: 1 }),
      },
    };
    expect(runsInline(frozen, jobs)).toBe(false);
    const unknownType = graph(
      [node('prompt', 'prompt'), node('gen', 'image-generation' as never)],
      [edge('e', 'prompt', 'prompt-out', 'gen', 'prompt-in')],
    );
    expect(runsInline(unknownType)).toBe(false);
    const texts = (count: number) =>
      graph([node('prompt', 'prompt'), ...Array.from({ length: count - 1 }, (_, i) => node(`t${i}`, 'text'))]);
    expect(runsInline(texts(INLINE_MAX_NODES))).toBe(true);
    expect(runsInline(texts(INLINE_MAX_NODES + 1))).toBe(false);
  });
});

describe('acceptRun with inline runs', () => {
  it('runs an instant-only run to its end and records it once, finished, without the state machine', async () => {
    const { runs, engine, accept } = harness();

    const accepted = await accept();

    const stored = runs.only();
    expect(engine.calls).toEqual([]);
    expect(runs.creates).toBe(1);
    expect(runs.saves).toBe(0);
    expect(runs.keys.size).toBe(1);
    expect(stored).toMatchObject({ status: 'succeeded', attempt: 1, result: { out: 'Say: inline' }, version: 1 });
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
    expect(accepted).toEqual({ executionId: stored.executionId, replayed: false, ran: stored });
    runs.refresh();
    expect(await runs.listQueued('9999')).toEqual([]);
  });

  it('answers a second accept with the same key with the same run, and writes nothing', async () => {
    const { runs, accept } = harness();
    const first = await accept();
    const second = await accept();
    expect(second).toMatchObject({ executionId: first.executionId, replayed: true, replayMessage: expect.any(String) });
    expect(runs.creates).toBe(1);
  });

  it('runs a run with a callback URL inline too; the sweeper sends its callback once, after the hold, never before the request has ended', async () => {
    const { runs, engine, callbacks, sweepDeps, accept, later } = harness();

    const accepted = await accept({ callbackUrl: 'https://example.com/cb' });

    expect(engine.calls).toEqual([]);
    expect(runs.only()).toMatchObject({ status: 'succeeded', callback: { attempt: null, delivered: null } });
    const early = await sweepStalledRuns(sweepDeps, { graceMs: GRACE_MS });
    expect(early.callbacks).toBe(0);
    expect(callbacks.sent).toEqual([]);

    later(CALLBACK_HOLD_SECONDS * 1000 + 1);
    const due = await sweepStalledRuns(sweepDeps, { graceMs: GRACE_MS });
    runs.refresh();
    const again = await sweepStalledRuns(sweepDeps, { graceMs: 0 });

    expect(due).toMatchObject({ found: 1, callbacks: 1 });
    expect(again.found).toBe(0);
    expect(callbacks.sent).toEqual([
      {
        url: 'https://example.com/cb',
        payload: expect.objectContaining({ executionId: accepted.executionId, status: 'succeeded', attempt: 1 }),
      },
    ]);
    expect(runs.only()).toMatchObject({ callback: { attempt: 1, delivered: true, statusCode: 200 } });
  });

  it('starts the state machine when inline runs are off', async () => {
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

  it('crash window: a process that dies before its one write leaves only its key; a retry is told to retry during the lease, then records the run under the same executionId, once', async () => {
    // Prepare: the write never happens (the Lambda died or timed out mid-step)
    const { runs, accept, later } = harness();
    runs.beforeCreate = () => new Promise(() => {});
    void accept();
    await flush();
    expect(runs.executions.size).toBe(0);
    const [claimed] = [...runs.keys.values()];
    runs.beforeCreate = undefined;

    // Act: a retry within the lease, then one after it, then one more
    await expect(accept()).rejects.toBeInstanceOf(ConflictError);
    later(CLAIM_LEASE_MS + 1);
    const retried = await accept();
    const replayed = await accept();

    // Assess: one run, under the id the key named
    expect(retried).toMatchObject({ executionId: claimed!.executionId, replayed: false });
    expect(runs.only()).toMatchObject({ executionId: claimed!.executionId, status: 'succeeded' });
    expect(replayed).toMatchObject({ executionId: claimed!.executionId, replayed: true });
  });

  it('fails a request whose run could not be written and gives its key back, so a retry starts clean', async () => {
    const { runs, engine, accept } = harness();
    runs.beforeCreate = async () => {
      throw new Error('ProvisionedThroughputExceeded');
    };
    await expect(accept()).rejects.toThrow('ProvisionedThroughputExceeded');
    expect(runs.keys.size).toBe(0);
    runs.beforeCreate = undefined;
    const retried = await accept();
    expect(retried.replayed).toBe(false);
    expect(runs.only().status).toBe('succeeded');
    expect(engine.calls).toEqual([]);
  });

  it('leaves nothing to race a cancel with: the run is finished when its executionId is first answered', async () => {
    const { deps, callbacks, accept } = harness();
    const accepted = await accept();
    await expect(cancelRun(PRINCIPAL, accepted.executionId, { ...deps, callbacks })).rejects.toThrow(
      /already finished/,
    );
  });
});

describe('redrive of a run that ran inline', () => {
  it('runs the redriven attempt inline (there is no state machine execution), resuming at the failed node', async () => {
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
  });

  it('uses Step Functions redrive when the run has an execution (the sweeper once started it)', async () => {
    const engine = new RecordingEngine({ redrive: 'redriven' });
    const { runs, deps, accept } = harness({ engine, executors: failingText });
    const { executionId } = await accept();
    const redriven = await redriveRun(PRINCIPAL, executionId, deps);
    expect(redriven).toMatchObject({ status: 'queued', attempt: 2 });
    expect(runs.only().status).toBe('queued');
  });

  it('crash window: a redrive whose inline step died is recorded failed by the sweeper (redrive again), never stuck', async () => {
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
  });
});

describe('a start Step Functions deferred (throttled)', () => {
  it(
    'stays queued, marked due, and the sweeper starts it at its next pass without waiting out the stall ' + 'threshold',
    async () => {
      const engine = new RecordingEngine({ start: 'deferred' });
      const { runs, sweepDeps, accept } = harness({ inline: false, engine });

      const accepted = await accept();

      const queued = runs.only();
      expect(accepted.replayed).toBe(false);
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
