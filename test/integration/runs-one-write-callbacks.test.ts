// integration: the callbacks of one-write runs (issue 26) against DynamoDB Local, without a state machine —
// a callback whose accepting process is gone (the sweeper sends it, once, however many sweeps race), its
// signature (the state machine's sender), and one per attempt when a run that failed inline is redriven.
// The accept itself: runs-one-write.test.ts.
import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXECUTORS, type ExecutorRegistry } from '#core/runs/executors';
import { sweepStalledRuns } from '#core/runs/sweep';
import { redriveRun } from '#core/runs/use-cases';
import { HttpCallbackSender } from '#adapters/outbound-http/callback-sender';
import { failingText, measured, runs, seedCanvas, sweepUntil, withRawReceiver } from './support/inline-runs.ts';
import { harness } from './support/one-write-harness.ts';

describe('callbacks without a state machine', () => {
  it('survive the accepting process: the sweeper sends the callback once, however many sweeps race', async () => {
    const { workspaceId, accept, callbacks, sweepDeps, engine } = harness();
    const canvas = await seedCanvas(workspaceId, 'one write');

    // The accepting process answers and is gone; nothing else sends the callback.
    const { result: accepted, ...acceptUnits } = await measured(() =>
      accept(canvas.id, { callbackUrl: 'https://receiver.test/cb' }),
    );
    const early = await sweepStalledRuns(sweepDeps, { graceMs: 120_000, callbackHoldMs: 60_000 });
    expect(early.callbacks).toBe(0);
    const deliveryUnits = await measured(() =>
      Promise.all([
        sweepUntil(sweepDeps, () => callbacks.sent.length > 0),
        sweepUntil(sweepDeps, () => callbacks.sent.length > 0),
      ]),
    );
    await sweepStalledRuns(sweepDeps, { graceMs: 0, callbackHoldMs: 0 });
    console.info(
      `instant run with a callback URL: accept ${acceptUnits.wcu} WCU, ${acceptUnits.rcu} RCU; the sweeps that ` +
        `delivered it (two racing, index queries included) ${deliveryUnits.wcu} WCU, ${deliveryUnits.rcu} RCU`,
    );

    expect(engine.calls).toEqual([]);
    expect(callbacks.sent).toEqual([
      {
        url: 'https://receiver.test/cb',
        payload: expect.objectContaining({ executionId: accepted.executionId, status: 'succeeded', attempt: 1 }),
      },
    ]);
    const stored = await runs.get(workspaceId, accepted.executionId);
    expect(stored).toMatchObject({ callback: { attempt: 1, delivered: true, statusCode: 204 } });
    expect(stored!.timeline.at(-1)).toMatchObject({ type: 'callback.delivered' });
    expect(await runs.listQueued(new Date(Date.now() + 60_000).toISOString(), 1000)).not.toContainEqual({
      workspaceId,
      executionId: accepted.executionId,
    });
  });

  it('are signed as the state machine signs them (the same sender): HMAC-SHA256 of the exact bytes sent', async () => {
    const secret = `cbsec-${randomUUID()}`;
    await withRawReceiver(async ({ port, received }) => {
      const { workspaceId, accept, sweepDeps } = harness();
      const canvas = await seedCanvas(workspaceId, 'one write');
      const callbacks = new HttpCallbackSender({
        signing: { deploymentSecret: async () => secret },
        allowHosts: [`127.0.0.1:${port}`],
      });
      const accepted = await accept(canvas.id, { callbackUrl: `http://127.0.0.1:${port}/cb` });
      await sweepUntil({ ...sweepDeps, callbacks }, () => received.length > 0);

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

  it('go out once per attempt when a run that failed inline is redriven inline', async () => {
    const executors: ExecutorRegistry = { ...failingText };
    const { workspaceId, principal, deps, accept, callbacks, sweepDeps, engine } = harness({ executors });
    const canvas = await seedCanvas(workspaceId, 'one write');
    const accepted = await accept(canvas.id, { callbackUrl: 'https://receiver.test/cb' });
    await sweepUntil(sweepDeps, () => callbacks.sent.length === 1);
    executors.text = EXECUTORS.text;

    const redriven = await redriveRun(principal, accepted.executionId, deps);
    await sweepUntil(sweepDeps, () => callbacks.sent.length === 2);

    expect(engine.calls).toEqual([`redrive ${accepted.executionId}`]);
    expect(redriven).toMatchObject({ status: 'succeeded', attempt: 2 });
    expect(callbacks.sent.map(({ payload }) => [payload.attempt, payload.status])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
  });
});
