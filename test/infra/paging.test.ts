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
// is parsed. AWS's own metrics of the same request (API Gateway, Lambda) are written out below.
import { createServer } from 'node:net';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE, SERVICE_NAME } from '#adapters/observability/names';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-paging');

/** A datapoint: one metric's value at a second of the scenario. Dimension values '*' match any. */
interface Datapoint {
  namespace: string;
  metricName: string;
  dimensions: Record<string, string>;
  atSeconds: number;
  value: number;
}

type State = 'ALARM' | 'OK' | 'INSUFFICIENT_DATA';

// ---------------------------------------------------------------------------------------------------
// The evaluator
// ---------------------------------------------------------------------------------------------------

const literal = (value: unknown) => (typeof value === 'string' ? value : undefined);

function matches(point: Datapoint, metric: Json): boolean {
  if (point.namespace !== metric.Namespace || point.metricName !== metric.MetricName) return false;
  for (const { Name, Value } of (metric.Dimensions ?? []) as Array<{ Name: string; Value: unknown }>) {
    const wanted = literal(Value);
    const have = point.dimensions[Name];
    if (have === undefined) return false;
    // One function's name, known only as a token: the datapoint names the token itself.
    if (have.startsWith('token:')) {
      if (have !== `token:${JSON.stringify(Value)}`) return false;
      continue;
    }
    // A token (a function name made by CloudFormation) matches a '*' datapoint only.
    if (have !== '*' && wanted !== undefined && have !== wanted) return false;
    if (have !== '*' && wanted === undefined) return false;
  }
  return Object.keys(point.dimensions).length === (metric.Dimensions ?? []).length;
}

/** A metric's statistic over one period, or undefined when it has no datapoint there (missing). */
function statistic(points: Datapoint[], metric: Json, stat: string, from: number, period: number): number | undefined {
  const values = points
    .filter((p) => matches(p, metric) && p.atSeconds >= from && p.atSeconds < from + period)
    .map((p) => p.value);
  if (values.length === 0) return undefined;
  switch (stat) {
    case 'Sum':
      return values.reduce((a, b) => a + b, 0);
    case 'Maximum':
      return Math.max(...values);
    case 'Average':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'SampleCount':
      return values.length;
    default:
      {
        // pNN: the nearest-rank percentile of the period's values
        const percentile = /^p(\d+(?:\.\d+)?)$/.exec(stat);
        if (percentile) {
          const sorted = [...values].sort((a, b) => a - b);
          return sorted[Math.max(0, Math.ceil((Number(percentile[1]) / 100) * sorted.length) - 1)];
        }
      }
      throw new Error(`statistic ${stat} not modelled`);
  }
}

/** CloudWatch metric math over the few forms the alarms use: + - * /, comparisons, IF, FILL. */
function evaluateExpression(expression: string, values: Record<string, number | undefined>): number | undefined {
  // FILL(x, c) replaces a missing x; any other missing operand makes the result missing.
  const filled = expression.replace(/FILL\((\w+),\s*([\d.]+)\)/g, (_, id: string, fill: string) =>
    String(values[id] ?? Number(fill)),
  );
  const ids = filled.match(/[A-Za-z_]\w*/g)?.filter((token) => token !== 'IF') ?? [];
  if (ids.some((id) => !(id in values))) throw new Error(`unknown id in ${expression}`);
  if (ids.some((id) => values[id] === undefined)) return undefined;
  if (!/^[\w\s+\-*/().,<>=!]*$/.test(filled)) throw new Error(`expression not modelled: ${expression}`);
  const body = filled.replace(/[A-Za-z_]\w*/g, (token) => (token === 'IF' ? 'IF' : String(values[token])));
  const IF = (condition: unknown, then: number, otherwise: number) => (condition ? then : otherwise);
  return Number(new Function('IF', `return (${body});`)(IF));
}

const COMPARE: Record<string, (value: number, threshold: number) => boolean> = {
  GreaterThanThreshold: (v, t) => v > t,
  GreaterThanOrEqualToThreshold: (v, t) => v >= t,
  LessThanThreshold: (v, t) => v < t,
  LessThanOrEqualToThreshold: (v, t) => v <= t,
};

/** The alarm's value in the period starting at `from` (undefined: missing). */
function alarmValue(alarm: Json, points: Datapoint[], from: number): number | undefined {
  if (alarm.MetricName) {
    return statistic(
      points,
      { Namespace: alarm.Namespace, MetricName: alarm.MetricName, Dimensions: alarm.Dimensions },
      alarm.Statistic,
      from,
      alarm.Period,
    );
  }
  const queries = alarm.Metrics as Json[];
  const values: Record<string, number | undefined> = {};
  for (const query of queries.filter((q) => q.MetricStat)) {
    values[query.Id] = statistic(points, query.MetricStat.Metric, query.MetricStat.Stat, from, query.MetricStat.Period);
  }
  const returned =
    queries.find((q) => q.ReturnData !== false && q.Expression) ?? queries.find((q) => q.ReturnData !== false);
  if (!returned) throw new Error('alarm returns nothing');
  if (returned.MetricStat) return values[returned.Id];
  return evaluateExpression(returned.Expression, values);
}

function periodOf(alarm: Json): number {
  if (alarm.Period) return alarm.Period;
  const queries = alarm.Metrics as Json[];
  return queries.find((q) => q.Period)?.Period ?? queries.find((q) => q.MetricStat)!.MetricStat.Period;
}

/**
 * The alarm's state after the scenario: at each period's end, the last EvaluationPeriods values are
 * taken; missing ones are good (notBreaching), bad (breaching) or skipped (ignore, missing); ALARM
 * once DatapointsToAlarm of them breach. Returns the worst state it reached.
 */
function evaluateAlarm(alarm: Json, points: Datapoint[], horizonSeconds: number): State {
  const period = periodOf(alarm);
  const evaluationPeriods: number = alarm.EvaluationPeriods;
  const datapointsToAlarm: number = alarm.DatapointsToAlarm ?? evaluationPeriods;
  const treat: string = alarm.TreatMissingData ?? 'missing';
  const compare = COMPARE[alarm.ComparisonOperator];
  if (!compare) throw new Error(`comparison ${alarm.ComparisonOperator} not modelled`);
  const values: Array<number | undefined> = [];
  for (let from = 0; from < horizonSeconds; from += period)
    values.push(alarmValue({ ...alarm, Period: period }, points, from));
  let state: State = 'INSUFFICIENT_DATA';
  for (let end = 1; end <= values.length; end++) {
    const window = values.slice(Math.max(0, end - evaluationPeriods), end);
    let breaching = 0;
    let known = 0;
    for (const value of window) {
      if (value === undefined) {
        if (treat === 'breaching') {
          breaching++;
          known++;
        } else if (treat === 'notBreaching') known++;
        continue;
      }
      known++;
      if (compare(value, alarm.Threshold)) breaching++;
    }
    if (breaching >= datapointsToAlarm) return 'ALARM';
    if (known > 0) state = 'OK';
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------------

/** The service's counts as a handler printed them (CloudWatch EMF lines), as datapoints. */
function emfDatapoints(output: string, atSeconds: number): Datapoint[] {
  const points: Datapoint[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('"_aws"')) continue;
    const record = JSON.parse(line) as Json;
    for (const directive of record._aws.CloudWatchMetrics as Json[]) {
      const dimensionNames = (directive.Dimensions as string[][]).flat();
      const dimensions = Object.fromEntries(dimensionNames.map((name) => [name, String(record[name])]));
      for (const { Name } of directive.Metrics as Array<{ Name: string }>) {
        const value = record[Name];
        for (const one of Array.isArray(value) ? value : [value]) {
          points.push({ namespace: directive.Namespace, metricName: Name, dimensions, atSeconds, value: Number(one) });
        }
      }
    }
  }
  return points;
}

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
