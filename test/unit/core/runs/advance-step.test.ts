// unit: the Advance step of the run state machine (advanceRun) — who pages (issue 21, item 6b). A node
// failing on the workspace's own input is answered to the state machine as `failed` (the run is
// recorded failed, its callback sent, a NodeFailed metric counted), never thrown: a thrown error is a
// Lambda error, and every Lambda error pages on-call. The engine's own faults still throw.
import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '#core/errors';
import type { Execution, FrozenGraph } from '#core/runs/model';
import { NodeFailedError, type ExecutorRegistry } from '#core/runs/executors';
import { EXECUTORS } from '#core/runs/executors';
import { RunFailedError, advanceRun } from '#core/runs/use-cases';
import { RUN_WAIT_TTL_MARGIN_SECONDS } from '#core/runs/steps';
import type { RunRepository } from '#core/ports';
import { useTelemetrySink } from '#core/telemetry';
import { START, executionOf, graph, linearGraph, node, edge, noBlobs, recordingCallbacks } from './support.ts';

class MemoryRuns {
  failReads = false;
  constructor(
    private execution: Execution,
    private readonly frozen: FrozenGraph,
  ) {}
  async getWithGraph() {
    if (this.failReads) throw Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable' });
    return { execution: structuredClone(this.execution), graph: this.frozen };
  }
  async get() {
    if (this.failReads) throw Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable' });
    return structuredClone(this.execution);
  }
  async save(execution: Execution, expectedVersion: number) {
    if (this.execution.version !== expectedVersion) throw new ConflictError('version');
    this.execution = structuredClone(execution);
  }
  current() {
    return this.execution;
  }
}

function harness(frozen: FrozenGraph, executors: ExecutorRegistry = EXECUTORS) {
  const execution = executionOf(frozen, { callbackUrl: 'https://hooks.example.com/done' });
  const runs = new MemoryRuns(execution, frozen);
  const { sent, callbacks } = recordingCallbacks();
  const deps = {
    runs: runs as unknown as RunRepository,
    clock: { now: () => new Date(START.getTime() + 1000) },
    callbacks,
    blobs: noBlobs,
    executors,
  };
  return { runs, sent, deps, run: { workspaceId: execution.workspaceId, executionId: execution.executionId } };
}

function countedMetrics() {
  const counts: Array<{ metric: string; dimensions?: Record<string, string> }> = [];
  useTelemetrySink({
    count: (metric, _value, dimensions) => counts.push({ metric, ...(dimensions ? { dimensions } : {}) }),
    log: () => {},
    tag: () => {},
  });
  return counts;
}

/** prompt → a node whose executor throws `error` → output. */
function failingWith(error: () => Error) {
  const frozen = graph(
    [
      node('prompt', 'prompt', { data: { prompt: 'hi' } }),
      node('tpl', 'text', { data: { template: '{{input}}' } }),
      node('out', 'output'),
    ],
    [edge('e1', 'prompt', 'prompt-out', 'tpl', 'text-in'), edge('e2', 'tpl', 'text-out', 'out', 'value-in')],
  );
  const executors: ExecutorRegistry = {
    ...EXECUTORS,
    text: {
      kind: 'instant',
      run: async () => {
        throw error();
      },
    },
  };
  return { frozen, executors };
}

describe('advanceRun: tenant failures are answered, engine faults are thrown', () => {
  it.each([
    [
      'a template or port-limit failure of the node',
      () => new NodeFailedError('Output tpl.text-out is too large'),
      'node',
    ],
    ["a validation error of the node's data", () => new ValidationError('url must be https'), 'validation'],
  ] as const)(
    "answers `failed` for %s: run failed with the node's message, callback sent, NodeFailed counted",
    async (_name, error, reason) => {
      // Prepare
      const counts = countedMetrics();
      const { frozen, executors } = failingWith(error);
      const { runs, sent, deps, run } = harness(frozen, executors);
      // Act
      const answer = await advanceRun(run, deps);
      // Assess
      expect(answer).toEqual({
        ...run,
        status: 'failed',
        waitSeconds: 0,
        notify: false,
        webhook: false,
        waitExpiresAt: 0,
      });
      expect(runs.current()).toMatchObject({ status: 'failed', error: { nodeId: 'tpl', message: error().message } });
      expect(sent.map((payload) => payload.status)).toEqual(['failed']);
      expect(counts).toContainEqual({ metric: 'NodeFailed', dimensions: { reason } });
      expect(counts.map((count) => count.metric)).toEqual(expect.arrayContaining(['RunsFailed', 'RunsHalted']));
    },
  );

  it('answers `failed` for a real port-limit failure of the built-in text node (no stand-in executor)', async () => {
    // Prepare: the redrive test's canvas: a 200 KB prompt × 8 exceeds the 1 MiB port limit
    const frozen = linearGraph('{{input}}'.repeat(8), 'f'.repeat(200 * 1024));
    const { runs, deps, run } = harness(frozen);
    // Act
    const answer = await advanceRun(run, deps);
    // Assess
    expect(answer.status).toBe('failed');
    expect(runs.current()).toMatchObject({
      status: 'failed',
      error: { nodeId: 'tpl', message: expect.stringContaining('tpl.text-out') },
    });
  });

  it('throws RunFailed for a node that failed on our fault (a bug), after recording the run failed and sending the callback', async () => {
    // Prepare
    const counts = countedMetrics();
    const { frozen, executors } = failingWith(() => new TypeError("Cannot read properties of undefined (reading 'x')"));
    const { runs, sent, deps, run } = harness(frozen, executors);
    // Act
    const attempt = advanceRun(run, deps);
    // Assess
    await expect(attempt).rejects.toBeInstanceOf(RunFailedError);
    expect(runs.current()).toMatchObject({
      status: 'failed',
      error: { nodeId: 'tpl', message: 'The node failed unexpectedly' },
    });
    expect(sent).toHaveLength(1);
    expect(counts).toContainEqual({ metric: 'NodeFailed', dimensions: { reason: 'fault' } });
    expect(counts.map((count) => count.metric)).not.toContain('RunsHalted');
  });

  it('throws when the store is down (an infrastructure fault), so the step is a Lambda error', async () => {
    // Prepare
    const { runs, deps, run } = harness(linearGraph());
    runs.failReads = true;
    // Act
    const attempt = advanceRun(run, deps);
    // Assess
    await expect(attempt).rejects.toThrow('Service unavailable');
  });
});

/** prompt → a provider job node (its executor submits with `webhookUntil` or without) → output. */
function jobGraph(webhookUntil: string | undefined) {
  const frozen = graph(
    [node('prompt', 'prompt', { data: { prompt: 'waves' } }), node('video', 'video-generation'), node('out', 'output')],
    [edge('e1', 'prompt', 'prompt-out', 'video', 'prompt-in'), edge('e2', 'video', 'video-out', 'out', 'value-in')],
  );
  const executors: ExecutorRegistry = {
    ...EXECUTORS,
    'video-generation': {
      kind: 'job',
      submit: async () => ({ jobId: 'job-1', pollAfterSeconds: 5, ...(webhookUntil ? { webhookUntil } : {}) }),
      poll: async () => ({ done: false, pollAfterSeconds: 5 }),
    },
  };
  return { frozen, executors };
}

describe('advanceRun: how a waiting run waits (the ASL chooses on `webhook`)', () => {
  const webhookJob =
    "a job a provider webhook can complete: webhook, and the wait item's TTL at its deadline plus an hour";
  it(webhookJob, async () => {
    // Prepare
    const deadline = '2026-11-27T10:00:00.000Z';
    const { frozen, executors } = jobGraph(deadline);
    const { deps, run } = harness(frozen, executors);
    // Act
    const answer = await advanceRun(run, deps);
    // Assess
    expect(answer).toMatchObject({ status: 'waiting', waitSeconds: 5, webhook: true });
    expect(answer.waitExpiresAt).toBe(Date.parse(deadline) / 1000 + RUN_WAIT_TTL_MARGIN_SECONDS);
    expect(RUN_WAIT_TTL_MARGIN_SECONDS).toBe(3600);
  });

  it('a polled-only job (no webhook): a plain wait, no token parked, no TTL', async () => {
    // Prepare
    const { frozen, executors } = jobGraph(undefined);
    const { deps, run, runs } = harness(frozen, executors);
    // Act
    const answer = await advanceRun(run, deps);
    // Assess
    expect(answer).toMatchObject({ status: 'waiting', waitSeconds: 5, webhook: false, waitExpiresAt: 0 });
    expect(runs.current().nodes.video!.job).toEqual({ id: 'job-1', pollAfterSeconds: 5 });
  });

  it('keeps the webhook deadline across polls (stored with the job), so every wait of the run parks', async () => {
    // Prepare
    const deadline = '2026-11-27T10:00:00.000Z';
    const { frozen, executors } = jobGraph(deadline);
    const { deps, run } = harness(frozen, executors);
    await advanceRun(run, deps);
    // Act: the next Advance polls the job, which is still running
    const answer = await advanceRun(run, deps);
    // Assess
    expect(answer).toMatchObject({ status: 'waiting', webhook: true });
    expect(answer.waitExpiresAt).toBe(Date.parse(deadline) / 1000 + RUN_WAIT_TTL_MARGIN_SECONDS);
  });
});
