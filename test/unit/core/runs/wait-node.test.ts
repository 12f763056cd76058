// unit: the wait node in the engine (wait-executor.ts) — the run waits with the seconds left, the node
// `waiting` with its resumeAt, and the step after the time passes its input on; until a time, given or
// computed; the 7-day ceiling; and a canvas with a wait node (or a retry policy) never runs inline.
import { describe, expect, it } from 'vitest';
import { WAIT_MAX_SECONDS } from '#core/canvas/wait-node-type';
import { advance } from '#core/runs/engine';
import { EXECUTORS } from '#core/runs/executors';
import { runsInline } from '#core/runs/inline';
import { finish } from '#core/runs/lifecycle';
import { START, edge, executionOf, graph, linearGraph, node } from './support.ts';

function fakeClock() {
  let at = START.getTime();
  return { now: () => new Date(at).toISOString(), later: (seconds: number) => (at += seconds * 1000) };
}

//   prompt ──► pause ──► out
const waitGraph = (data: Record<string, unknown>) =>
  graph(
    [node('prompt', 'prompt', { data: { prompt: 'later' } }), node('pause', 'wait', { data }), node('out', 'output')],
    [edge('e1', 'prompt', 'prompt-out', 'pause', 'value-in'), edge('e2', 'pause', 'value-out', 'out', 'value-in')],
  );

describe('advance: wait node', () => {
  it('waits the seconds asked for, answering the time left, then passes its input on', async () => {
    // Prepare
    const frozen = waitGraph({ seconds: 30 });
    const execution = executionOf(frozen);
    const clock = fakeClock();

    // Act
    const first = await advance(execution, frozen, EXECUTORS, clock.now);
    const waiting = structuredClone(execution.nodes.pause);
    clock.later(10);
    const meanwhile = await advance(execution, frozen, EXECUTORS, clock.now);
    clock.later(20);
    const last = await advance(execution, frozen, EXECUTORS, clock.now);

    // Assess
    expect(first).toEqual({ status: 'waiting', waitSeconds: 30 });
    expect(waiting).toMatchObject({ status: 'waiting', resumeAt: new Date(START.getTime() + 30_000).toISOString() });
    expect(meanwhile).toEqual({ status: 'waiting', waitSeconds: 20 });
    expect(last).toEqual({ status: 'succeeded' });
    expect(execution.nodes.pause).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(execution.nodes.pause?.resumeAt).toBeUndefined();
    expect(execution.result).toEqual({ out: 'later' });
  });

  it('waits until a time given, or one an expression computes, and goes on at once when it has passed', async () => {
    // Prepare
    const inAnHour = new Date(START.getTime() + 3_600_000).toISOString();
    const given = waitGraph({ until: inAnHour });
    const computed = waitGraph({ untilExpression: '$fromMillis($toMillis($run.inputs.at) + 60000)' });
    const past = waitGraph({ until: '2020-01-01T00:00:00Z' });
    const clock = fakeClock();

    // Act
    const untilGiven = await advance(executionOf(given), given, EXECUTORS, clock.now);
    const untilComputed = await advance(
      executionOf(computed, { inputs: { at: START.toISOString() } }),
      computed,
      EXECUTORS,
      clock.now,
    );
    const alreadyPast = await advance(executionOf(past), past, EXECUTORS, clock.now);

    // Assess
    expect(untilGiven).toEqual({ status: 'waiting', waitSeconds: 3600 });
    expect(untilComputed).toEqual({ status: 'waiting', waitSeconds: 60 });
    expect(alreadyPast).toEqual({ status: 'succeeded' });
  });

  it('fails the node for a time past the 7-day ceiling, or with none of its three fields set', async () => {
    // Prepare
    const tooLong = waitGraph({ until: new Date(START.getTime() + (WAIT_MAX_SECONDS + 60) * 1000).toISOString() });
    const unset = waitGraph({});
    const tooLongRun = executionOf(tooLong);
    const unsetRun = executionOf(unset);

    // Act
    const outcomes = [
      await advance(tooLongRun, tooLong, EXECUTORS, fakeClock().now),
      await advance(unsetRun, unset, EXECUTORS, fakeClock().now),
    ];

    // Assess
    expect(outcomes).toEqual([
      { status: 'failed', reason: 'node' },
      { status: 'failed', reason: 'node' },
    ]);
    expect(tooLongRun.error?.message).toMatch(/more than 7 days ahead/);
    expect(unsetRun.error?.message).toMatch(/set exactly one of seconds, until and untilExpression/);
  });
});

describe('runsInline', () => {
  it('keeps a canvas with a wait node or a retry policy off the inline path, and an instant one on it', () => {
    // Prepare
    const retrying = graph(
      [node('prompt', 'prompt'), node('shape', 'transform', { data: { expression: '$', retry: { maxAttempts: 3 } } })],
      [edge('e1', 'prompt', 'prompt-out', 'shape', 'value-in')],
    );
    // Act + Assess
    expect(runsInline(waitGraph({ seconds: 1 }))).toBe(false);
    expect(runsInline(retrying)).toBe(false);
    expect(runsInline(linearGraph())).toBe(true);
  });
});

describe('cancelling a waiting run', () => {
  it('cancels the wait node and forgets its resumeAt', async () => {
    // Prepare
    const frozen = waitGraph({ seconds: 3600 });
    const execution = executionOf(frozen);
    const clock = fakeClock();
    await advance(execution, frozen, EXECUTORS, clock.now);

    // Act
    finish(execution, 'cancelled', clock.now());

    // Assess
    expect(execution.status).toBe('cancelled');
    expect(execution.nodes.pause).toMatchObject({ status: 'cancelled' });
    expect(execution.nodes.pause?.resumeAt).toBeUndefined();
  });
});
