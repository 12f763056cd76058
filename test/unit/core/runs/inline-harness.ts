// test support (unit, runs): the in-memory run store, recording engine and callbacks, and a harness that
// accepts runs through acceptRun with them — for the inline-run tests (inline.test.ts).
import { expect } from 'vitest';
import { ConflictError } from '#core/errors';
import type { Canvas } from '#core/canvas/model';
import { EXECUTORS, NodeFailedError, type ExecutorRegistry } from '#core/runs/executors';
import { inOutbox, outboxSince, type Execution, type FrozenGraph } from '#core/runs/model';
import { STALLED_AFTER_SECONDS, type SweepDeps } from '#core/runs/sweep';
import { acceptRun, type RunDeps } from '#core/runs/use-cases';
import type { CallbackSender, IdempotencyRecord, ResumeOutcome, RunRepository, WorkflowEngine } from '#core/ports';
import { START, linearGraph, noBlobs } from './support.ts';

export const GRACE_MS = STALLED_AFTER_SECONDS * 1000;
export const PRINCIPAL = { workspaceId: 'ws_test', scopes: ['run:workflows'] } as never;

/** Executions and frozen graphs by id; the queued-runs index changes only on refresh() (GSI2 lags). */
export class MemoryRuns {
  readonly executions = new Map<string, Execution>();
  readonly graphs = new Map<string, FrozenGraph>();
  private index = new Map<string, string>();
  readonly keys = new Map<string, IdempotencyRecord>();
  saves = 0;
  creates = 0;
  /** When set, save() calls it first (a process dying, a store failing, a cancel racing). */
  beforeSave?: (execution: Execution) => Promise<void>;
  /** When set, create() calls it first (a process dying before its one write, a store failing). */
  beforeCreate?: (execution: Execution) => Promise<void>;
  canvas = { id: 'cnv_test', archived: false, ...linearGraph() } as unknown as Canvas;

  async loadForStart() {
    return { canvas: this.canvas };
  }
  async claimKey(_workspaceId: string, claim: { keyHash: string; record: IdempotencyRecord }) {
    const existing = this.keys.get(claim.keyHash);
    if (existing) return { claimed: false as const, existing: structuredClone(existing) };
    this.keys.set(claim.keyHash, structuredClone(claim.record));
    return { claimed: true as const };
  }
  async create(input: { execution: Execution; graph: FrozenGraph }) {
    await this.beforeCreate?.(input.execution);
    if (this.executions.has(input.execution.executionId)) return { created: false };
    this.creates += 1;
    this.graphs.set(input.execution.executionId, structuredClone(input.graph));
    this.put(input.execution);
    return { created: true };
  }
  async discard(_workspaceId: string, executionId: string, keyHash?: string) {
    this.executions.delete(executionId);
    if (keyHash) this.keys.delete(keyHash);
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
    if (inOutbox(execution)) this.index.set(execution.executionId, outboxSince(execution));
  }
  refresh() {
    this.index = new Map([...this.index].filter(([id]) => inOutbox(this.executions.get(id)!)));
  }
  only(): Execution {
    const all = [...this.executions.values()];
    expect(all).toHaveLength(1);
    return all[0]!;
  }
}

/** Step Functions as the routes and the sweeper see it; every call recorded. */
export class RecordingEngine implements WorkflowEngine {
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

/** Every callback sent, by URL and payload. */
export class RecordingCallbacks implements CallbackSender {
  readonly sent: { url: string; payload: Record<string, unknown> }[] = [];
  async send(url: string, payload: Record<string, unknown>) {
    this.sent.push({ url, payload });
    return { delivered: true, statusCode: 200 };
  }
}
/** A `text` node that always fails: a real node failure the run records. */
export const failingText: ExecutorRegistry = {
  ...EXECUTORS,
  text: {
    kind: 'instant',
    run: () => {
      throw new NodeFailedError('tpl refuses');
    },
  },
};

export function harness(options: { inline?: boolean; engine?: RecordingEngine; executors?: ExecutorRegistry } = {}) {
  const runs = new MemoryRuns();
  const engine = options.engine ?? new RecordingEngine();
  const callbacks = new RecordingCallbacks();
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
    callbacks,
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
  return { runs, engine, callbacks, deps, sweepDeps, accept, later: (ms: number) => (now += ms) };
}

export const flush = () => new Promise((resolve) => setImmediate(resolve));
