// infra test support: CloudWatch alarms evaluated as CloudWatch evaluates them — statistic per period,
// metric math, threshold and comparison, evaluation periods, datapoints to alarm, missing data — against
// the datapoints of a scenario; and the datapoints a handler's EMF output (its log lines) stands for.

import type { Json } from './template-queries.ts';

/** A datapoint: one metric's value at a second of the scenario. Dimension values '*' match any. */
export interface Datapoint {
  namespace: string;
  metricName: string;
  dimensions: Record<string, string>;
  atSeconds: number;
  value: number;
}

export type State = 'ALARM' | 'OK' | 'INSUFFICIENT_DATA';

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
export function evaluateAlarm(alarm: Json, points: Datapoint[], horizonSeconds: number): State {
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

/** The service's counts as a handler printed them (CloudWatch EMF lines), as datapoints. */
export function emfDatapoints(output: string, atSeconds: number): Datapoint[] {
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
