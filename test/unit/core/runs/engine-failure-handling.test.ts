// unit: a node's failure in the engine (engine.ts, failure-routing.ts) — a retry policy's attempts,
// each a `node.attempt.failed` in the timeline and a pause the step answers as `waiting`; an error sent
// on a connected error-out (the node failed, the run goes on and succeeds, the normal ports untaken);
// an unconnected one fails the run as before; a job node's failed attempt released before its retry.
import { describe, expect, it } from 'vitest';
import { ConflictError, UpstreamError, ValidationError } from '#core/errors';
import { advance } from '#core/runs/engine';
import { EXECUTORS, type ExecutorRegistry, type JobExecutor } from '#core/runs/executors';
import { prepareRedrive } from '#core/runs/lifecycle';
import type { Execution } from '#core/runs/model';
import { START, edge, executionOf, graph, node } from './support.ts';

/** A clock the test moves: now() reads it, later(s) moves it. */
function fakeClock() {
  let at = START.getTime();
  return { now: () => new Date(at).toISOString(), later: (seconds: number) => (at += seconds * 1000) };
}

/** An HTTP request node that fails its first `failures` calls with `error`, then answers. */
function flakyHttp(failures: number, error: () => Error = () => new UpstreamError('The API answered 502')) {
  let calls = 0;
  const executors: ExecutorRegistry = {
    ...EXECUTORS,
    'http-request': {
      kind: 'instant',
      run: () => {
        calls += 1;
        if (calls <= failures) throw error();
        return { 'status-out': 200, 'headers-out': {}, 'body-out': 'fine' };
      },
    },
  };
  return { executors, calls: () => calls };
}

//   prompt ──► call ─body-out──► ok
//               └──error-out──► caught   (the error-out edge only when `routed`)
function callGraph(data: Record<string, unknown>, routed: boolean) {
  return graph(
    [
      node('prompt', 'prompt', { data: { prompt: 'hi' } }),
      node('call', 'http-request', { data: { url: 'https://api.example.com/', ...data } }),
      node('ok', 'output'),
      ...(routed ? [node('caught', 'output')] : []),
    ],
    [
      edge('e1', 'prompt', 'prompt-out', 'call', 'text-in'),
      edge('e2', 'call', 'body-out', 'ok', 'value-in'),
      ...(routed ? [edge('e3', 'call', 'error-out', 'caught', 'value-in')] : []),
    ],
  );
}

const events = (execution: Execution, type: string) =>
  execution.timeline.filter((event) => event.type === type && event.nodeId === 'call').map((event) => event.message);

describe('advance: retry', () => {
  it('tries a failing node again after each backoff, answering waiting until then; attempt 3 succeeds', async () => {
    // Prepare
    const frozen = callGraph({ retry: { maxAttempts: 3, intervalSeconds: 2, backoffRate: 2 } }, false);
    const execution = executionOf(frozen);
    const { executors, calls } = flakyHttp(2);
    const clock = fakeClock();

    // Act: a step per moment the state machine would wake it
    const first = await advance(execution, frozen, executors, clock.now);
    const stateAfterFirst = structuredClone(execution.nodes.call);
    clock.later(1);
    const early = await advance(execution, frozen, executors, clock.now);
    clock.later(1);
    const second = await advance(execution, frozen, executors, clock.now);
    clock.later(4);
    const third = await advance(execution, frozen, executors, clock.now);

    // Assess
    expect(first).toEqual({ status: 'waiting', waitSeconds: 2 });
    expect(stateAfterFirst).toMatchObject({
      status: 'waiting',
      failedAttempts: 1,
      error: 'The API answered 502',
      nextAttemptAt: new Date(START.getTime() + 2000).toISOString(),
    });
    expect(early).toEqual({ status: 'waiting', waitSeconds: 1 });
    expect(second).toEqual({ status: 'waiting', waitSeconds: 4 });
    expect(third).toEqual({ status: 'succeeded' });
    expect(calls()).toBe(3);
    expect(execution.nodes.call).toMatchObject({ status: 'succeeded', attempts: 3, error: null });
    expect(events(execution, 'node.started')).toEqual([undefined, 'attempt 2', 'attempt 3']);
    expect(events(execution, 'node.attempt.failed')).toEqual([
      expect.stringMatching(/^attempt 1 of 3 failed: The API answered 502; next attempt at /),
      expect.stringMatching(/^attempt 2 of 3 failed: The API answered 502; next attempt at /),
    ]);
    expect(execution.result).toEqual({ ok: 'fine' });
  });

  it('fails the run at once for a reason the policy does not retry', async () => {
    // Prepare
    const frozen = callGraph({ retry: { maxAttempts: 5 } }, false);
    const execution = executionOf(frozen);
    const { executors, calls } = flakyHttp(1, () => new ValidationError('The URL is not allowed'));
    const clock = fakeClock();
    // Act
    const outcome = await advance(execution, frozen, executors, clock.now);
    // Assess
    expect(outcome).toEqual({ status: 'failed', reason: 'validation' });
    expect(calls()).toBe(1);
    expect(execution.error).toEqual({ nodeId: 'call', message: 'The URL is not allowed' });
  });

  it("gives back a job node's failed attempt before the retry submits the next one", async () => {
    // Prepare: a job that fails at its first poll, then one that finishes
    const log: string[] = [];
    const job: JobExecutor = {
      kind: 'job',
      submit: async ({ attempt }) => {
        log.push(`submit ${attempt}`);
        return { jobId: `job-${attempt}`, pollAfterSeconds: 5 };
      },
      poll: async (_context, { id }) => {
        log.push(`poll ${id}`);
        if (id === 'job-1') throw new UpstreamError('The provider failed the job');
        return { done: true, outputs: { 'video-out': 'https://assets.example/v.mp4' } };
      },
      cancel: async (_context, { id }) => {
        log.push(`release ${id}`);
      },
    };
    const frozen = graph(
      [
        node('prompt', 'prompt', { data: { prompt: 'a cat' } }),
        node('call', 'video-generation', { data: { retry: { maxAttempts: 2, intervalSeconds: 10 } } }),
        node('out', 'output'),
      ],
      [edge('e1', 'prompt', 'prompt-out', 'call', 'prompt-in'), edge('e2', 'call', 'video-out', 'out', 'value-in')],
    );
    const execution = executionOf(frozen);
    const executors: ExecutorRegistry = { ...EXECUTORS, 'video-generation': job };
    const clock = fakeClock();

    // Act
    await advance(execution, frozen, executors, clock.now);
    clock.later(5);
    const failed = await advance(execution, frozen, executors, clock.now);
    clock.later(10);
    await advance(execution, frozen, executors, clock.now);
    clock.later(5);
    const done = await advance(execution, frozen, executors, clock.now);

    // Assess
    expect(failed).toEqual({ status: 'waiting', waitSeconds: 10 });
    expect(log).toEqual(['submit 1', 'poll job-1', 'release job-1', 'submit 2', 'poll job-2']);
    expect(done).toEqual({ status: 'succeeded' });
  });
});

describe('advance: error output', () => {
  it('sends a failure for good on a connected error-out: the node failed, the run goes on and succeeds', async () => {
    // Prepare
    const frozen = callGraph({ retry: { maxAttempts: 2, intervalSeconds: 1 } }, true);
    const execution = executionOf(frozen);
    const { executors } = flakyHttp(5);
    const clock = fakeClock();

    // Act
    await advance(execution, frozen, executors, clock.now);
    clock.later(1);
    const outcome = await advance(execution, frozen, executors, clock.now);

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.error).toBeNull();
    expect(execution.nodes.call).toMatchObject({ status: 'failed', errorRouted: true, error: 'The API answered 502' });
    expect(execution.nodes.call?.untakenPorts).toEqual(['status-out', 'headers-out', 'body-out']);
    expect(execution.nodes.ok?.status).toBe('skipped');
    const routed = { message: 'The API answered 502', nodeId: 'call', attempt: 2, reason: 'upstream' };
    expect(execution.result).toEqual({ caught: routed });
    expect(events(execution, 'node.failed')).toEqual([
      'The API answered 502 (attempt 2; sent on error-out, the run goes on)',
    ]);
  });

  it('fails the run as before when error-out is not connected', async () => {
    // Prepare
    const frozen = callGraph({}, false);
    const execution = executionOf(frozen);
    const { executors } = flakyHttp(1);
    // Act
    const outcome = await advance(execution, frozen, executors, fakeClock().now);
    // Assess
    expect(outcome).toEqual({ status: 'failed', reason: 'upstream' });
    expect(execution.nodes.call).toMatchObject({ status: 'failed' });
    expect(execution.nodes.call?.errorRouted).toBeUndefined();
  });

  it('takes no error-out when the node succeeds: the nodes behind it are skipped', async () => {
    // Prepare
    const frozen = callGraph({}, true);
    const execution = executionOf(frozen);
    const { executors } = flakyHttp(0);
    // Act
    const outcome = await advance(execution, frozen, executors, fakeClock().now);
    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.nodes.call?.untakenPorts).toBeUndefined();
    expect(execution.nodes.caught?.status).toBe('skipped');
    expect(execution.result).toEqual({ ok: 'fine' });
  });

  it('keeps a routed failure through a redrive of the run, which reruns only what failed unhandled', async () => {
    // Prepare: the routed node's error goes on to a transform that fails the run
    const frozen = graph(
      [
        node('prompt', 'prompt', { data: { prompt: 'hi' } }),
        node('call', 'http-request', { data: { url: 'https://api.example.com/' } }),
        node('shape', 'transform', { data: { expression: '$error("still broken")' } }),
        node('out', 'output'),
      ],
      [
        edge('e1', 'prompt', 'prompt-out', 'call', 'text-in'),
        edge('e2', 'call', 'error-out', 'shape', 'value-in'),
        edge('e3', 'shape', 'json-out', 'out', 'value-in'),
      ],
    );
    const execution = executionOf(frozen);
    const { executors, calls } = flakyHttp(5);
    const clock = fakeClock();
    await advance(execution, frozen, executors, clock.now);
    execution.status = 'failed';

    // Act
    prepareRedrive(execution, clock.now());
    await advance(execution, frozen, executors, clock.now);

    // Assess
    expect(calls()).toBe(1);
    expect(execution.nodes.call).toMatchObject({ status: 'failed', errorRouted: true });
    expect(execution.nodes.shape).toMatchObject({ status: 'failed', attempts: 2 });
  });
});

describe('advance: retry of work still in flight', () => {
  it('asks again for the same attempt after a conflict, so no second hold is taken beside the first', async () => {
    // Prepare: the first try finds its attempt's operation still running (a step that died mid-call)
    const seen: number[] = [];
    const executors: ExecutorRegistry = {
      ...EXECUTORS,
      'audio-generation': {
        kind: 'instant',
        run: ({ attempt }) => {
          seen.push(attempt);
          if (seen.length === 1) throw new ConflictError('Audio operation run:…:1 is still running; retry shortly');
          return { 'audio-out': 'https://assets.example/a.mp3' };
        },
      },
    };
    const frozen = graph(
      [
        node('prompt', 'prompt', { data: { prompt: 'say it' } }),
        node('speak', 'audio-generation', { data: { retry: { maxAttempts: 2, errors: ['all'] } } }),
      ],
      [edge('e1', 'prompt', 'prompt-out', 'speak', 'text-in')],
    );
    const execution = executionOf(frozen);
    const clock = fakeClock();

    // Act
    await advance(execution, frozen, executors, clock.now);
    clock.later(1);
    const outcome = await advance(execution, frozen, executors, clock.now);

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(seen).toEqual([1, 1]);
  });
});
