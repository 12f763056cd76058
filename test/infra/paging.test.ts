// infra tests: who gets paged (issue 21, item 6). The synthesized alarms are evaluated the way
// CloudWatch evaluates them (statistic per period, math expression, threshold and comparison,
// evaluation periods, datapoints to alarm, missing data) against the datapoints of a scenario:
//   - one route answers 500 (its store is down), with no other traffic: must page;
//   - a workspace's node fails on its own input: must not page;
//   - the engine fails a run: must page;
//   - the run outbox: a run re-issued once must not page; runs due sweep after sweep, or a sweeper that
//     cannot start them, must;
//   - callbacks: a few failing (one tenant's receiver) must not page; most of many failing must;
//   - the run accept's p99: a few slow accepts must not page; 15 minutes of slow ones must.
// The service's own counts are not made up: the route is a real handler, run here, and its EMF output
// is parsed. AWS's own metrics of the same request (API Gateway, Lambda) are written out below. The
// evaluator: support/alarm-evaluator.ts.
import { createServer } from 'node:net';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE, SERVICE_NAME } from '#adapters/observability/names';
import { buildApp } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';
import { type Datapoint, emfDatapoints, evaluateAlarm, type State } from './support/alarm-evaluator.ts';
import { FAST, type Json } from './support/template-queries.ts';

const outdir = tempFolders('cdk.out-paging');

/** A port nothing listens on: the route's DynamoDB is "down" (connection refused at once). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const HORIZON = 15 * 60;
const service = { service: SERVICE_NAME };
const lambdaInvocation = (atSeconds: number, errors: number): Datapoint[] => [
  { namespace: 'AWS/Lambda', metricName: 'Invocations', dimensions: { FunctionName: '*' }, atSeconds, value: 1 },
  { namespace: 'AWS/Lambda', metricName: 'Errors', dimensions: { FunctionName: '*' }, atSeconds, value: errors },
];

describe('paging: synthesized alarms evaluated against scenarios', { timeout: 120_000 }, () => {
  let alarms: Array<[string, Json]>;
  let routeStatus: number;
  let routeOutput = '';
  const env = { ...process.env };

  beforeAll(async () => {
    const built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    const template = Template.fromStack(built.stateless).toJSON();
    alarms = Object.entries<Json>(template.Resources)
      .filter(([, resource]) => resource.Type === 'AWS::CloudWatch::Alarm')
      .map(([id, resource]) => [id, resource.Properties]);

    // A real route (GET /api/canvases) whose store is down: the key lookup fails with ECONNREFUSED.
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      TABLE_NAME: 'paging-test',
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
      POWERTOOLS_METRICS_DISABLED: 'false',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
    });
    const { importRouteHandler } = await import('../../lib/local/route-handlers.ts');
    const { routeById } = await import('../../functions/route-table/manifest.ts');
    const handler = (await importRouteHandler(routeById('canvases-list'))) as unknown as (
      event: unknown,
    ) => Promise<{ statusCode: number }>;
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string | Uint8Array) => {
      routeOutput += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof process.stdout.write;
    try {
      const answer = await handler({
        httpMethod: 'GET',
        path: '/api/canvases',
        headers: { authorization: `Bearer workspace_${'a'.repeat(32)}` },
        multiValueHeaders: {},
        queryStringParameters: null,
        multiValueQueryStringParameters: null,
        pathParameters: null,
        stageVariables: null,
        body: null,
        isBase64Encoded: false,
        resource: '/api/canvases',
        requestContext: { requestId: 'paging-test' },
      });
      routeStatus = answer.statusCode;
    } finally {
      process.stdout.write = write;
    }
  }, 120_000);

  afterAll(() => {
    process.env = env;
  });

  const stateOf = (points: Datapoint[]) =>
    Object.fromEntries(alarms.map(([id, alarm]) => [id, evaluateAlarm(alarm, points, HORIZON)]));
  const paged = (states: Record<string, State>) =>
    Object.entries(states)
      .filter(([, state]) => state === 'ALARM')
      .map(([id]) => id);

  it('the evaluator itself: the 5xx-share alarm pages at 25 requests with 5 errors and not at 19 with 19', () => {
    const share = alarms.find(([id]) => id.includes('Api5xxBase'))![1];
    const burst = (requests: number, errors: number): Datapoint[] => [
      ...Array.from({ length: requests }, () => ({
        namespace: 'AWS/ApiGateway',
        metricName: 'Count',
        dimensions: { ApiName: 'StatelessStack-base' },
        atSeconds: 30,
        value: 1,
      })),
      ...Array.from({ length: errors }, () => ({
        namespace: 'AWS/ApiGateway',
        metricName: '5XXError',
        dimensions: { ApiName: 'StatelessStack-base' },
        atSeconds: 30,
        value: 1,
      })),
    ];
    expect(evaluateAlarm(share, burst(25, 5), HORIZON)).toBe('ALARM');
    expect(evaluateAlarm(share, burst(19, 19), HORIZON)).toBe('OK');
  });

  it('a route returning 500 once, with no other traffic, raises an alarm', () => {
    // Prepare: what the one request leaves — the handler's own EMF, API Gateway's request and 5xx,
    // and one Lambda invocation without error (the handler answered; it did not throw)
    expect(routeStatus).toBe(500);
    const points: Datapoint[] = [
      ...emfDatapoints(routeOutput, 30),
      {
        namespace: 'AWS/ApiGateway',
        metricName: 'Count',
        dimensions: { ApiName: 'StatelessStack-base' },
        atSeconds: 30,
        value: 1,
      },
      {
        namespace: 'AWS/ApiGateway',
        metricName: '5XXError',
        dimensions: { ApiName: 'StatelessStack-base' },
        atSeconds: 30,
        value: 1,
      },
      {
        namespace: 'AWS/ApiGateway',
        metricName: '4XXError',
        dimensions: { ApiName: 'StatelessStack-base' },
        atSeconds: 30,
        value: 0,
      },
      ...lambdaInvocation(30, 0),
    ];
    // Act
    const states = stateOf(points);
    // Assess
    expect(paged(states), JSON.stringify(states)).not.toEqual([]);
  });

  it("a workspace's node failing on its own input pages nobody (execution failed at NodeFailed, counted)", () => {
    // Prepare: Advance answered `failed` (no Lambda error) and counted; the execution then failed
    const points: Datapoint[] = [
      ...lambdaInvocation(100, 0),
      { namespace: METRICS_NAMESPACE, metricName: 'RunsFailed', dimensions: service, atSeconds: 100, value: 1 },
      { namespace: METRICS_NAMESPACE, metricName: 'RunsHalted', dimensions: service, atSeconds: 100, value: 1 },
      {
        namespace: METRICS_NAMESPACE,
        metricName: 'NodeFailed',
        dimensions: { ...service, reason: 'node' },
        atSeconds: 100,
        value: 1,
      },
      {
        namespace: 'AWS/States',
        metricName: 'ExecutionsFailed',
        dimensions: { StateMachineArn: '*' },
        atSeconds: 100,
        value: 1,
      },
    ];
    // Act
    const states = stateOf(points);
    // Assess
    expect(paged(states)).toEqual([]);
  });

  it('one function erroring while the others of its alarm group are idle pages (LambdaErrorsN)', () => {
    // Prepare: the first function of the first group fails once; no other function runs (no datapoints)
    const [, group] = alarms.find(([id]) => /LambdaErrors1[A-F0-9]{8}$/.test(id))!;
    const first = (group.Metrics as Json[]).find((m) => m.MetricStat)!.MetricStat.Metric;
    const name = `token:${JSON.stringify(first.Dimensions[0].Value)}`;
    const points: Datapoint[] = [
      {
        namespace: 'AWS/Lambda',
        metricName: 'Invocations',
        dimensions: { FunctionName: name },
        atSeconds: 100,
        value: 1,
      },
      { namespace: 'AWS/Lambda', metricName: 'Errors', dimensions: { FunctionName: name }, atSeconds: 100, value: 1 },
    ];
    // Act
    const states = stateOf(points);
    // Assess
    expect(paged(states)).toEqual([expect.stringMatching(/LambdaErrors1[A-F0-9]{8}$/)]);
  });

  /** The sweeper's counts of one sweep a minute, `minutes` sweeps from `fromSeconds`. */
  const sweeps = (minutes: number, counts: { due: number; started: number; failed: number }, fromSeconds = 0) =>
    Array.from({ length: minutes }, (_, minute): Datapoint[] => {
      const atSeconds = fromSeconds + minute * 60 + 5;
      const point = (metricName: string, value: number) => ({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensions: service,
        atSeconds,
        value,
      });
      return [
        point('OutboxRunsDue', counts.due),
        point('OutboxRunsStarted', counts.started),
        point('OutboxResumeFailed', counts.failed),
      ];
    }).flat();
  const alarmNamed = (name: string) => alarms.find(([id]) => id.includes(name))![1];

  it('a run re-issued once by the sweeper (its accepting process died) pages nobody', () => {
    // Prepare: one sweep started one run; the other sweeps of the quarter found nothing
    const points = [
      ...sweeps(1, { due: 1, started: 1, failed: 0 }),
      ...sweeps(14, { due: 0, started: 0, failed: 0 }, 60),
    ];
    // Act
    const states = stateOf(points);
    // Assess
    expect(paged(states)).toEqual([]);
  });

  it("runs piling up in the outbox (every route's StartExecution throttled) page RunOutboxBacklog", () => {
    // Prepare: every sweep for 6 minutes finds runs due and starts them (the routes could not)
    const points = sweeps(6, { due: 4, started: 4, failed: 0 });
    // Act
    const states = stateOf(points);
    // Assess
    expect(paged(states).filter((id) => id.includes('RunOutbox'))).toEqual([
      expect.stringContaining('RunOutboxBacklog'),
    ]);
  });

  it('the sweeper failing to start runs, sweep after sweep, pages RunOutboxStuck within three sweeps', () => {
    // Prepare: three sweeps whose StartExecution calls fail (throttled): the runs stay due
    const stuck = sweeps(3, { due: 2, started: 0, failed: 2 });
    const once = sweeps(1, { due: 2, started: 0, failed: 2 });
    // Act / Assess
    expect(evaluateAlarm(alarmNamed('RunOutboxStuck'), stuck, HORIZON)).toBe('ALARM');
    expect(evaluateAlarm(alarmNamed('RunOutboxStuck'), once, HORIZON)).toBe('OK');
  });

  it("one tenant's broken receiver (a few callbacks) pages nobody; most of many callbacks failing pages", () => {
    // Prepare
    const callbacks = (delivered: number, failed: number): Datapoint[] => [
      {
        namespace: METRICS_NAMESPACE,
        metricName: 'CallbacksDelivered',
        dimensions: service,
        atSeconds: 60,
        value: delivered,
      },
      {
        namespace: METRICS_NAMESPACE,
        metricName: 'CallbacksFailed',
        dimensions: service,
        atSeconds: 60,
        value: failed,
      },
    ];
    // Act / Assess: 5 of 5 failed is under the floor; 30 of 40 failed is a share
    expect(paged(stateOf(callbacks(0, 5)))).toEqual([]);
    expect(paged(stateOf(callbacks(10, 30)))).toEqual([expect.stringContaining('CallbackFailureRate')]);
  });

  it('the run accept missing its p99 objective for 15 minutes pages; a few slow accepts (a cold start) do not', () => {
    // Prepare: accepts every 10 s for 15 minutes, 1 in 50 slow (the p99 of 30 is their maximum, so a slow one
    // makes its period's p99, but never three periods in a row); then every accept slow; then 3 cold starts
    const accepts = (slowMs: (index: number) => number): Datapoint[] =>
      Array.from({ length: HORIZON / 10 }, (_, index) => ({
        namespace: METRICS_NAMESPACE,
        metricName: 'RunAcceptLatency',
        dimensions: service,
        atSeconds: index * 10,
        value: slowMs(index),
      }));
    const healthy = accepts((index) => (index % 50 === 0 ? 3_000 : 120));
    const slow = accepts(() => 1_500);
    const coldStarts = accepts(() => 120)
      .slice(0, 3)
      .map((point) => ({ ...point, value: 4_000 }));
    // Act / Assess
    expect(paged(stateOf(healthy))).toEqual([]);
    expect(paged(stateOf(coldStarts))).toEqual([]);
    expect(paged(stateOf(slow))).toEqual([expect.stringContaining('RunAcceptLatency')]);
  });

  it('the engine failing a run pages (a Lambda error, and an execution failed that no node halted)', () => {
    // Prepare: Advance threw (a store down), Recover failed the execution
    const points: Datapoint[] = [
      ...lambdaInvocation(100, 1),
      {
        namespace: 'AWS/States',
        metricName: 'ExecutionsFailed',
        dimensions: { StateMachineArn: '*' },
        atSeconds: 101,
        value: 1,
      },
    ];
    // Act
    const states = stateOf(points);
    // Assess
    expect(paged(states).some((id) => id.includes('FailedExecutions'))).toBe(true);
    expect(paged(states).some((id) => id.includes('LambdaErrors'))).toBe(true);
  });
});
