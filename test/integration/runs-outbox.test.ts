// integration: the run outbox against the whole local stack (DynamoDB Local, s3rver, local Step
// Functions with the real ASL). A request that "dies" after the run's transaction — its engine call
// never returns — leaves a queued run in the sparse index GSI2; the sweeper starts it, idempotently,
// and the first engine step takes it out of the index. The same for a redrive recorded but never sent,
// and for a run the accepting process was running inline (runs/inline.ts) when it died.
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../functions/adapters/env.ts';
import type { RunRepository, WorkflowEngine } from '../../functions/core/ports.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../lib/local/provision.ts';
import { Client, startRunsStack, type RunsStack } from './support/runs-stack.ts';
import { createFailsAtDouble } from './support/failing-canvas.ts';

let stack: RunsStack;
let client: Client;
let canvasId: string;
/** Imported after startRunsStack: adapters read their configuration from the environment it sets. */
let modules: {
  useCases: typeof import('../../functions/core/runs/use-cases.ts');
  repository: InstanceType<typeof import('../../functions/adapters/dynamodb/run-repository.ts').DynamoRunRepository>;
  blobs: InstanceType<typeof import('../../functions/adapters/s3/blob-store.ts').S3BlobStore>;
  sweep: typeof import('../../functions/workers/sweep-runs.ts').sweep;
};

/** An engine inside a process that dies during the call: it never answers. */
const dying: WorkflowEngine = {
  start: () => new Promise(() => {}),
  stop: () => new Promise(() => {}),
  redrive: () => new Promise(() => {}),
};
const flushUntil = async (probe: () => Promise<boolean>) => {
  for (let tries = 0; tries < 200 && !(await probe()); tries++) await new Promise((resolve) => setTimeout(resolve, 25));
};
/** Is the run in the outbox index now? (GSI2 lags the table a little, even in DynamoDB Local.) */
const indexed = async (executionId: string) =>
  (await modules.repository.listQueued(new Date(Date.now() + 60_000).toISOString(), 1000)).some(
    (run) => run.executionId === executionId,
  );

beforeAll(async () => {
  stack = await startRunsStack();
  client = new Client(stack.baseUrl, stack.key);
  canvasId = await client.linearCanvas('You said: {{input}}', 'hello');
  const [useCases, repository, blobs, worker] = await Promise.all([
    import('../../functions/core/runs/use-cases.ts'),
    import('../../functions/adapters/dynamodb/run-repository.ts'),
    import('../../functions/adapters/s3/blob-store.ts'),
    import('../../functions/workers/sweep-runs.ts'),
  ]);
  modules = {
    useCases,
    repository: new repository.DynamoRunRepository(),
    blobs: new blobs.S3BlobStore(),
    sweep: worker.sweep,
  };
});

afterAll(async () => {
  await stack?.stop();
});

const deps = () => ({
  runs: modules.repository,
  engine: dying,
  clock: { now: () => new Date() },
  blobs: modules.blobs,
});

describe('the run outbox', () => {
  it('starts a run whose accepting process died between the transaction and StartExecution, once', async () => {
    // Prepare: accepted and recorded, never started
    void modules.useCases.acceptRun(
      { workspaceId: stack.workspaceId },
      { canvasId, triggerNodeId: 'prompt', inputs: { prompt: 'orphan' }, idempotencyKey: `k-${Date.now()}` },
      { kind: 'api' },
      deps(),
    );
    let executionId = '';
    await flushUntil(async () => {
      const items = await client.listExecutions(canvasId);
      executionId = items.find((item) => item.status === 'queued')?.executionId ?? '';
      return executionId !== '';
    });
    expect(executionId).toMatch(/^exec_/);
    await flushUntil(() => indexed(executionId));
    expect(await indexed(executionId)).toBe(true);

    // Act: a sweep with no grace (what local mode does at start); then another one
    const first = await modules.sweep(0);
    const done = await client.waitForStatus(executionId, 'succeeded');
    const second = await modules.sweep(0);

    // Assess: it ran to its end, left the index, and the second sweep found nothing of it
    expect(first.started).toBeGreaterThanOrEqual(1);
    expect(done).toMatchObject({ status: 'succeeded', result: { out: 'You said: orphan' } });
    await flushUntil(async () => !(await indexed(executionId)));
    expect(await indexed(executionId)).toBe(false);
    expect(second.started).toBe(0);
  });

  it('does not touch a run queued more recently than the grace period', async () => {
    // Prepare
    void modules.useCases.acceptRun(
      { workspaceId: stack.workspaceId },
      { canvasId, triggerNodeId: 'prompt', inputs: { prompt: 'young' }, idempotencyKey: `y-${Date.now()}` },
      { kind: 'api' },
      deps(),
    );
    let executionId = '';
    await flushUntil(async () => {
      executionId = (await client.listExecutions(canvasId)).find((item) => item.status === 'queued')?.executionId ?? '';
      return executionId !== '' && (await indexed(executionId));
    });

    // Act
    const report = await modules.sweep(60_000);

    // Assess: still queued, never started; then a sweep without grace takes it
    expect(report.found).toBe(0);
    expect((await client.execution(executionId)).body.status).toBe('queued');
    await modules.sweep(0);
    expect(await client.waitForStatus(executionId, 'succeeded')).toMatchObject({ status: 'succeeded' });
  });

  it('records a queued run whose execution closed without ever taking it as failed (nothing else would move it)', async () => {
    // Prepare: the run is recorded; an execution under its name ran with an input that names no run and closed
    void modules.useCases.acceptRun(
      { workspaceId: stack.workspaceId },
      { canvasId, triggerNodeId: 'prompt', inputs: { prompt: 'gone' }, idempotencyKey: `g-${Date.now()}` },
      { kind: 'api' },
      deps(),
    );
    let executionId = '';
    await flushUntil(async () => {
      executionId = (await client.listExecutions(canvasId)).find((item) => item.status === 'queued')?.executionId ?? '';
      return executionId !== '';
    });
    const sfn = new SFNClient({
      endpoint: stack.local.sfn.endpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: process.env.RUN_STATE_MACHINE_ARN!,
        name: executionId,
        input: '{}',
      }),
    );
    await flushUntil(async () => (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status !== 'RUNNING');
    sfn.destroy();

    // Act
    const report = await modules.sweep(0);

    // Assess
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect((await client.execution(executionId)).body).toMatchObject({
      status: 'failed',
      error: { nodeId: null, message: expect.stringMatching(/redrive/) },
    });
  });

  it('redrives a run whose redrive was recorded but never reached Step Functions', async () => {
    // Prepare: a real node failure (a 200 KB prompt × 8 exceeds the 1 MiB port limit)
    const failing = await createFailsAtDouble(client, 'Fails at double');
    // On the state machine (this case is about Step Functions redrive): inline runs off for this run.
    process.env[ENV.inlineInstantRuns] = 'off';
    const accepted = await client
      .run({ canvasId: failing, triggerNodeId: 'prompt', inputs: { prompt: 'f'.repeat(200 * 1024) } })
      .finally(() => {
        delete process.env[ENV.inlineInstantRuns];
      });
    const executionId = accepted.body.executionId as string;
    await client.waitForStatus(executionId, 'failed');
    const sfn = new SFNClient({
      endpoint: stack.local.sfn.endpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    const machineArn = process.env.RUN_STATE_MACHINE_ARN!;
    const executionArn = `${machineArn.replace(':stateMachine:', ':execution:')}:${executionId}`;
    await flushUntil(async () => (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status === 'FAILED');
    // The redrive request records attempt 2, then its process dies inside RedriveExecution.
    void modules.useCases.redriveRun({ workspaceId: stack.workspaceId } as never, executionId, deps());
    await client.waitFor(
      executionId,
      (snapshot) => snapshot.status === 'queued' && snapshot.attempt === 2,
      'attempt 2 recorded',
    );

    // Act
    await flushUntil(() => indexed(executionId));
    const report = await modules.sweep(0);

    // Assess: Step Functions redrove it (same input, same failure, attempt 2)
    expect(report.started).toBeGreaterThanOrEqual(1);
    const after = await client.waitFor(
      executionId,
      (snapshot) => snapshot.status === 'failed' && snapshot.attempt === 2,
      'attempt 2 failed',
    );
    expect(after.nodes.double).toMatchObject({ status: 'failed', attempts: 2 });
    await flushUntil(async () => (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status !== 'RUNNING');
    expect(await sfn.send(new DescribeExecutionCommand({ executionArn }))).toMatchObject({ redriveCount: 1 });
    sfn.destroy();
  });

  it('leaves only the claimed key of a run whose process died running it inline; a retry after the lease records it once', async () => {
    // Prepare: inline runs on; the process dies before its one write (it never returns)
    const dyingCreate: RunRepository = Object.assign(Object.create(modules.repository), {
      create: () => new Promise<never>(() => {}),
    });
    const sfnStarts: string[] = [];
    const recording: WorkflowEngine = {
      ...dying,
      start: async (run) => {
        sfnStarts.push(run.executionId);
        return 'started' as const;
      },
    };
    const inputs = { prompt: `inline-orphan-${Date.now()}` };
    const request = { canvasId, triggerNodeId: 'prompt', inputs, idempotencyKey: `i-${Date.now()}` };
    let offsetMs = 0;
    const clock = { now: () => new Date(Date.now() + offsetMs) };
    void modules.useCases.acceptRun(
      { workspaceId: stack.workspaceId },
      request,
      { kind: 'api' },
      {
        ...deps(),
        runs: dyingCreate,
        engine: recording,
        clock,
        inlineRuns: () => true,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = await client.listExecutions(canvasId);

    // Act: a sweep (nothing of this run is in the outbox), then the caller's retry after the claim's lease
    await modules.sweep(0);
    offsetMs = modules.useCases.CLAIM_LEASE_MS + 1_000;
    const retried = await modules.useCases.acceptRun(
      { workspaceId: stack.workspaceId },
      request,
      { kind: 'api' },
      {
        ...deps(),
        engine: recording,
        clock,
        inlineRuns: () => true,
      },
    );

    // Assess: one run, finished, recorded by the retry; no state machine execution
    expect(before.filter((item) => item.executionId === retried.executionId)).toEqual([]);
    expect(retried).toMatchObject({ replayed: false, ran: { status: 'succeeded' } });
    expect(await client.waitForStatus(retried.executionId, 'succeeded')).toMatchObject({
      result: { out: `You said: ${inputs.prompt}` },
    });
    expect(sfnStarts).toEqual([]);
  });

  it('runs a run of instant nodes inline over HTTP: no execution, out of the outbox, and a redrive of it runs inline too', async () => {
    // Prepare: a canvas that fails at `double` (200 KB × 8 > the 1 MiB port limit) unless the prompt is short
    const failing = await createFailsAtDouble(client, 'Inline fails at double');

    // Act: a sync run and an async one
    const synced = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'inline sync' },
      sync: true,
    });
    const accepted = await client.run({
      canvasId: failing,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'f'.repeat(200 * 1024) },
    });

    // Assess: both finished before their answers; neither has a state machine execution
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ status: 'succeeded', result: { out: 'You said: inline sync' } });
    expect(accepted.status).toBe(202);
    const executionId = accepted.body.executionId as string;
    const failed = (await client.execution(executionId)).body;
    expect(failed).toMatchObject({ status: 'failed', attempt: 1, error: { nodeId: 'double' } });
    const sfn = new SFNClient({
      endpoint: stack.local.sfn.endpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    const arnOf = (id: string) =>
      `${process.env.RUN_STATE_MACHINE_ARN!.replace(':stateMachine:', ':execution:')}:${id}`;
    for (const id of [synced.body.executionId, executionId]) {
      await expect(sfn.send(new DescribeExecutionCommand({ executionArn: arnOf(id) }))).rejects.toMatchObject({
        name: 'ExecutionDoesNotExist',
      });
    }
    const timeline = (
      await client.get('/api/mcp/executions/timeline', { executionId: synced.body.executionId })
    ).body.events.map((event: { type: string }) => event.type);
    expect(timeline).toEqual([
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
    await flushUntil(async () => !(await indexed(synced.body.executionId)));
    expect(await indexed(synced.body.executionId)).toBe(false);

    // Act: redrive the failed one (same input, so the same failure: attempt 2 runs `double` again)
    const redriven = await client.post('/api/mcp/executions/redrive', { executionId });

    // Assess: run inline, answered finished, still no execution
    expect(redriven.status).toBe(202);
    expect(redriven.body).toMatchObject({ executionId, status: 'failed', attempt: 2, error: { nodeId: 'double' } });
    expect(redriven.body.nodes.prompt).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      startedAt: failed.nodes.prompt.startedAt,
    });
    expect(redriven.body.nodes.double).toMatchObject({ status: 'failed', attempts: 2 });
    await expect(sfn.send(new DescribeExecutionCommand({ executionArn: arnOf(executionId) }))).rejects.toMatchObject({
      name: 'ExecutionDoesNotExist',
    });
    sfn.destroy();
    expect((await client.post('/api/mcp/executions/cancel', { executionId })).status).toBe(409);
  });
});
