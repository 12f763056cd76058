// integration: the prompt callback of an inline run (issue 26 item 2) against DynamoDB Local — the accept
// asks for delivery through CallbackDispatch, the deliver-callback use case holds a second after the run
// finished and sends it through the sweeper's claim. No sweeper runs unless a test says so: a callback
// that arrives came by the prompt path. Clocks and holds are injected, nothing asserts wall-clock speed.
import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CallbackDispatch, CallbackSender, WorkflowEngine, WorkflowResumer } from '#core/ports';
import { PROMPT_CALLBACK_HOLD_MS, deliverPromptCallback } from '#core/runs/callbacks-prompt';
import { CALLBACK_HOLD_SECONDS, sweepStalledRuns } from '#core/runs/sweep';
import { EXECUTORS, type ExecutorRegistry } from '#core/runs/executors';
import { acceptRun, getExecution, redriveRun, type RunDeps } from '#core/runs/use-cases';
import { InProcessCallbackDispatch } from '#adapters/lambda/callback-dispatch';
import { HttpCallbackSender } from '#adapters/outbound-http/callback-sender';
import {
  failingText,
  measured,
  newWorkspaceId,
  noBlobs,
  runs,
  seedCanvas,
  sweepUntil,
  withRawReceiver,
} from './support/inline-runs.ts';

/** Step Functions that an inline run never needs. */
const noEngine: WorkflowEngine & WorkflowResumer = {
  start: async () => {
    throw new Error('an inline run starts no execution');
  },
  stop: async () => {},
  redrive: async () => 'missing' as const,
  resume: async () => 'started' as const,
};

/**
 * One workspace with an injected clock. `events` records, in order, the accept's answer and every
 * callback sent (with the clock at that moment); `holds` the waits the prompt sender asked for, which
 * advance the clock instead of sleeping. `beforeHoldEnds` runs inside the hold (a racing sweeper).
 */
function harness(
  options: {
    callbacks?: CallbackSender;
    dispatch?: (inner: CallbackDispatch) => CallbackDispatch;
    executors?: ExecutorRegistry;
  } = {},
) {
  const workspaceId = newWorkspaceId();
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const events: {
    what: 'accepted' | 'redriven' | 'callback';
    at: number;
    executionId?: unknown;
    attempt?: unknown;
    status?: unknown;
  }[] = [];
  const holds: number[] = [];
  let beforeHoldEnds: () => Promise<void> = async () => {};
  const inner = options.callbacks;
  const callbacks: CallbackSender = {
    async send(url, payload) {
      const { executionId, attempt, status } = payload;
      events.push({ what: 'callback', at: clock.now().getTime(), executionId, attempt, status });
      return inner ? inner.send(url, payload) : { delivered: true, statusCode: 204 };
    },
  };
  const callbackDeps = { runs, clock, blobs: noBlobs, callbacks };
  const sleep = async (ms: number) => {
    holds.push(ms);
    await beforeHoldEnds();
    offsetMs += ms;
  };
  const prompt = new InProcessCallbackDispatch(
    (event) => deliverPromptCallback(event.workspaceId, event.executionId, { ...callbackDeps, sleep }),
    (error) => {
      throw error;
    },
  );
  const deps: RunDeps = {
    runs,
    engine: noEngine,
    clock,
    blobs: noBlobs,
    inlineRuns: () => true,
    ...(options.executors ? { executors: options.executors } : {}),
    callbackDispatch: options.dispatch ? options.dispatch(prompt) : prompt,
  };
  const sweepDeps = { runs, queued: runs, engine: noEngine, clock, blobs: noBlobs, callbacks };
  return {
    workspaceId,
    events,
    holds,
    prompt,
    sweepDeps,
    callbackDeps: { ...callbackDeps, sleep },
    raceWith: (work: () => Promise<void>) => {
      beforeHoldEnds = work;
    },
    accept: async (canvasId: string, callbackUrl = 'https://receiver.test/cb') => {
      const accepted = await acceptRun(
        { workspaceId },
        { canvasId, triggerNodeId: 'p0', inputs: {}, callbackUrl },
        { kind: 'api' },
        deps,
      );
      events.push({ what: 'accepted', at: clock.now().getTime(), executionId: accepted.executionId });
      return accepted;
    },
    redrive: async (executionId: string) => {
      const redriven = await redriveRun({ workspaceId } as never, executionId, deps);
      events.push({ what: 'redriven', at: clock.now().getTime(), executionId });
      return redriven;
    },
  };
}

describe('the prompt callback of an inline run', () => {
  it('arrives after the 202 and a hold of about a second from the finish, with no sweeper running', async () => {
    const { workspaceId, events, holds, prompt, accept } = harness();
    const canvas = await seedCanvas(workspaceId, 'prompt callback');

    const accepted = await accept(canvas.id);
    await prompt.drain();

    // The answer first, then the callback, once — and no sweeper ran in this test.
    expect(events.map((event) => event.what)).toEqual(['accepted', 'callback']);
    expect(events[1]!.executionId).toBe(accepted.executionId);
    const stored = await getExecution({ workspaceId } as never, accepted.executionId, { runs });
    expect(stored).toMatchObject({ status: 'succeeded', callback: { attempt: 1, delivered: true, statusCode: 204 } });
    // The hold is measured from the run's finish as stored, so it is at most PROMPT_CALLBACK_HOLD_MS.
    expect(holds).toHaveLength(1);
    expect(holds[0]).toBeGreaterThan(0);
    expect(holds[0]).toBeLessThanOrEqual(PROMPT_CALLBACK_HOLD_MS);
    const sentAt = events[1]!.at;
    const finishedAt = Date.parse(stored.finishedAt!);
    expect(sentAt).toBeGreaterThanOrEqual(finishedAt + PROMPT_CALLBACK_HOLD_MS);
    // Before the sweeper's hold had passed: the sweeper could not have sent it yet.
    expect(sentAt).toBeLessThan(finishedAt + CALLBACK_HOLD_SECONDS * 1000);
  });

  it('costs one read and the claim and outcome writes: measured units and time for docs/cost.md', async () => {
    const { workspaceId, events, callbackDeps, accept } = harness({ dispatch: () => ({ soon: async () => {} }) });
    const canvas = await seedCanvas(workspaceId, 'prompt callback');
    const accepted = await accept(canvas.id);
    const startedAt = performance.now();
    const {
      result: outcome,
      wcu,
      rcu,
    } = await measured(() =>
      deliverPromptCallback(workspaceId, accepted.executionId, { ...callbackDeps, sleep: async () => {} }),
    );
    const workMs = performance.now() - startedAt;
    expect(outcome).toBe('delivered');
    expect(events.filter((event) => event.what === 'callback')).toHaveLength(1);
    expect(wcu).toBeGreaterThan(0);
    expect(rcu).toBeGreaterThan(0);
    // Printed for docs/cost.md (the hold is not in it: it is PROMPT_CALLBACK_HOLD_MS less the invoke's latency).
    console.info(`prompt callback delivery: ${wcu} WCU, ${rcu} RCU, ${workMs.toFixed(1)} ms of work (DynamoDB Local)`);
  });

  it('is sent once when a sweeper pass races it, whichever claims first', async () => {
    const { workspaceId, events, prompt, sweepDeps, accept, raceWith } = harness();
    const canvas = await seedCanvas(workspaceId, 'prompt callback');
    // A sweeper with no hold passes while the prompt sender waits: the sweeper claims and sends first.
    raceWith(() => sweepUntil(sweepDeps, () => events.some((event) => event.what === 'callback')));

    const accepted = await accept(canvas.id);
    await prompt.drain();
    await sweepStalledRuns(sweepDeps, { graceMs: 0, callbackHoldMs: 0 });

    expect(events.filter((event) => event.what === 'callback')).toEqual([
      expect.objectContaining({ executionId: accepted.executionId }),
    ]);
    const stored = await runs.get(workspaceId, accepted.executionId);
    expect(stored!.timeline.filter((event) => event.type.startsWith('callback.'))).toHaveLength(1);
  });

  it('is sent once when prompt senders and sweeps run at the same time', async () => {
    const { workspaceId, events, sweepDeps, callbackDeps, accept } = harness({
      // The accept's own dispatch is held back: this test fires the senders itself, all at once.
      dispatch: () => ({ soon: async () => {} }),
    });
    const canvas = await seedCanvas(workspaceId, 'prompt callback');
    const accepted = await accept(canvas.id);
    const sent = () => events.some((event) => event.what === 'callback');

    const outcomes = await Promise.all([
      deliverPromptCallback(workspaceId, accepted.executionId, callbackDeps),
      deliverPromptCallback(workspaceId, accepted.executionId, callbackDeps),
      sweepUntil(sweepDeps, sent),
      sweepUntil(sweepDeps, sent),
    ]);

    expect(events.filter((event) => event.what === 'callback')).toHaveLength(1);
    expect(outcomes.slice(0, 2).filter((outcome) => outcome === 'delivered').length).toBeLessThanOrEqual(1);
    const stored = await runs.get(workspaceId, accepted.executionId);
    expect(stored!.timeline.filter((event) => event.type.startsWith('callback.'))).toHaveLength(1);
  });

  it('is left to the sweeper when the dispatch fails: the accept answers, the sweeper sends it once', async () => {
    let asked = 0;
    const { workspaceId, events, sweepDeps, callbackDeps, accept } = harness({
      dispatch: () => ({
        soon: async () => {
          asked += 1;
          throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
        },
      }),
    });
    const canvas = await seedCanvas(workspaceId, 'prompt callback');

    const accepted = await accept(canvas.id);
    expect(asked).toBe(1);
    expect(events.map((event) => event.what)).toEqual(['accepted']);
    const pending = await runs.get(workspaceId, accepted.executionId);
    expect(pending).toMatchObject({ status: 'succeeded', callback: { delivered: null } });

    await sweepUntil(sweepDeps, () => events.some((event) => event.what === 'callback'));
    await sweepStalledRuns(sweepDeps, { graceMs: 0, callbackHoldMs: 0 });
    // A late prompt sender (an invoke retried by Lambda) finds it claimed and sends nothing.
    expect(await deliverPromptCallback(workspaceId, accepted.executionId, callbackDeps)).toBe('already-handled');
    expect(events.filter((event) => event.what === 'callback')).toHaveLength(1);
    expect(await runs.get(workspaceId, accepted.executionId)).toMatchObject({
      callback: { attempt: 1, delivered: true },
    });
  });

  it('is signed as the sweeper and the state machine sign it: HMAC-SHA256 of the exact bytes sent', async () => {
    const secret = `cbsec-${randomUUID()}`;
    await withRawReceiver(async ({ port, received }) => {
      const callbacks = new HttpCallbackSender({
        signing: { deploymentSecret: async () => secret },
        allowHosts: [`127.0.0.1:${port}`],
      });
      const { workspaceId, prompt, accept } = harness({ callbacks });
      const canvas = await seedCanvas(workspaceId, 'prompt callback');
      const accepted = await accept(canvas.id, `http://127.0.0.1:${port}/cb`);
      await prompt.drain();

      expect(received).toHaveLength(1);
      const [{ headers, body }] = received as [{ headers: Record<string, unknown>; body: string }];
      expect(JSON.parse(body)).toMatchObject({ executionId: accepted.executionId, workspaceId, status: 'succeeded' });
      const hmac = (text: string) => `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;
      expect(headers['x-service-signature']).toBe(hmac(body));
      expect(headers['x-service-signature-v2']).toBe(
        hmac(`${headers['x-service-signature-timestamp']}.${headers['x-service-signature-nonce']}.${body}`),
      );
    });
  });
});

describe('the prompt callback of a redriven inline run', () => {
  it('arrives after the redrive answers, once per attempt, with no sweeper running', async () => {
    const executors: ExecutorRegistry = { ...failingText };
    const { workspaceId, events, holds, prompt, accept, redrive } = harness({ executors });
    const canvas = await seedCanvas(workspaceId, 'prompt callback');
    const accepted = await accept(canvas.id);
    await prompt.drain();
    executors.text = EXECUTORS.text;

    const redriven = await redrive(accepted.executionId);
    await prompt.drain();

    expect(redriven).toMatchObject({ status: 'succeeded', attempt: 2 });
    expect(events.map((event) => [event.what, event.attempt, event.status])).toEqual([
      ['accepted', undefined, undefined],
      ['callback', 1, 'failed'],
      ['redriven', undefined, undefined],
      ['callback', 2, 'succeeded'],
    ]);
    // The redriven attempt's hold is measured from its own finish, as the accept's is.
    expect(holds).toHaveLength(2);
    const stored = await runs.get(workspaceId, accepted.executionId);
    expect(stored).toMatchObject({ attempt: 2, callback: { attempt: 2, delivered: true, statusCode: 204 } });
    expect(events[3]!.at).toBeGreaterThanOrEqual(Date.parse(stored!.finishedAt!) + PROMPT_CALLBACK_HOLD_MS);
    expect(events[3]!.at).toBeLessThan(Date.parse(stored!.finishedAt!) + CALLBACK_HOLD_SECONDS * 1000);
  });

  it('is left to the sweeper when the dispatch fails: the redrive answers, the sweeper sends it once', async () => {
    const executors: ExecutorRegistry = { ...failingText };
    let failDispatch = false;
    let refused = 0;
    const { workspaceId, events, prompt, sweepDeps, accept, redrive } = harness({
      executors,
      dispatch: (inner) => ({
        soon: async (ws, id) => {
          if (!failDispatch) return inner.soon(ws, id);
          refused += 1;
          throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
        },
      }),
    });
    const canvas = await seedCanvas(workspaceId, 'prompt callback');
    const accepted = await accept(canvas.id);
    await prompt.drain();
    executors.text = EXECUTORS.text;
    failDispatch = true;

    const redriven = await redrive(accepted.executionId);

    expect(refused).toBe(1);
    // Its callback still to be sent: the outcome recorded is the first attempt's.
    expect(redriven).toMatchObject({ status: 'succeeded', attempt: 2, callback: { attempt: 1 } });
    const callbacks = () => events.filter((event) => event.what === 'callback');
    expect(callbacks()).toHaveLength(1);
    await sweepUntil(sweepDeps, () => callbacks().length === 2);
    await sweepStalledRuns(sweepDeps, { graceMs: 0, callbackHoldMs: 0 });
    expect(callbacks().map((event) => [event.attempt, event.status])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
  });
});
