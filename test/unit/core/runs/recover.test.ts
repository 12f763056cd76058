// unit: the Recover step of the run state machine (recoverRun), with an in-memory execution store.
import { describe, expect, it } from 'vitest';
import { ConflictError } from '#core/errors';
import { finish, prepareRedrive } from '#core/runs/lifecycle';
import type { Execution } from '#core/runs/model';
import { RunFailedError, recoverRun } from '#core/runs/use-cases';
import type { RunRepository } from '#core/ports';
import { START, executionOf, linearGraph, noBlobs, recordingCallbacks } from './support.ts';

class MemoryRuns implements Pick<RunRepository, 'get' | 'save'> {
  saves = 0;
  constructor(private execution: Execution) {}
  async get() {
    return structuredClone(this.execution);
  }
  async save(execution: Execution, expectedVersion: number) {
    if (this.execution.version !== expectedVersion) throw new ConflictError('version');
    this.saves += 1;
    this.execution = structuredClone(execution);
  }
  current() {
    return this.execution;
  }
}

function harness(execution: Execution) {
  const runs = new MemoryRuns(execution);
  const { sent, callbacks } = recordingCallbacks();
  const deps = {
    runs: runs as unknown as RunRepository,
    clock: { now: () => new Date(START.getTime() + 60_000) },
    callbacks,
    blobs: noBlobs,
  };
  const run = { workspaceId: execution.workspaceId, executionId: execution.executionId };
  return { runs, sent, deps, run };
}

function running(): Execution {
  const execution = executionOf(linearGraph(), { callbackUrl: 'https://hooks.example.com/done' });
  execution.status = 'running';
  execution.startedAt = START.toISOString();
  return execution;
}

describe('recoverRun', () => {
  it('marks a run whose Advance timed out or crashed failed, calls back once, and fails the step', async () => {
    // Prepare
    const { runs, sent, deps, run } = harness(running());
    // Act
    const attempt = recoverRun(run, 0, deps);
    // Assess
    await expect(attempt).rejects.toBeInstanceOf(RunFailedError);
    expect(runs.current()).toMatchObject({
      status: 'failed',
      error: { nodeId: null, message: expect.stringMatching(/redrive/) },
    });
    expect(sent.map((payload) => payload.status)).toEqual(['failed']);
  });

  it('after a node failure (already recorded and called back) changes nothing and sends nothing more', async () => {
    // Prepare: the failure and its callback are in the store already
    const execution = running();
    execution.error = { nodeId: 'tpl', message: 'too big' };
    finish(execution, 'failed', START.toISOString(), 'too big');
    execution.callback = {
      ...execution.callback!,
      attempt: 1,
      delivered: true,
      statusCode: 200,
      at: START.toISOString(),
    };
    const { runs, sent, deps, run } = harness(execution);
    // Act / Assess
    await expect(recoverRun(run, 0, deps)).rejects.toThrow('too big');
    expect(runs.saves).toBe(0);
    expect(sent).toEqual([]);
  });

  it('hands a run queued by this very redrive back to Advance', async () => {
    // Prepare
    const execution = running();
    finish(execution, 'failed', START.toISOString());
    prepareRedrive(execution, START.toISOString());
    const { runs, deps, run } = harness(execution);
    // Act
    const resumed = await recoverRun(run, 1, deps);
    // Assess
    expect(resumed).toEqual(run);
    expect(runs.saves).toBe(0);
  });

  it('leaves a run queued for a redrive alone while the previous attempt is still closing', async () => {
    // Prepare: the redrive route prepared attempt 2, but Step Functions has not redriven yet (count 0)
    const execution = running();
    finish(execution, 'failed', START.toISOString());
    prepareRedrive(execution, START.toISOString());
    const { runs, sent, deps, run } = harness(execution);
    // Act / Assess
    await expect(recoverRun(run, 0, deps)).rejects.toBeInstanceOf(RunFailedError);
    expect(runs.current()).toMatchObject({ status: 'queued', attempt: 2 });
    expect(runs.saves).toBe(0);
    expect(sent).toEqual([]);
  });
});
