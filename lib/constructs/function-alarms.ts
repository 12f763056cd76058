// infra: the per-function alarms of OperationsAlarms — LambdaErrorsN, LambdaThrottlesN and LambdaDurationN,
// each a metric-math alarm over one group of at most FUNCTIONS_PER_ALARM functions (CloudWatch's cap).
// Created under the OperationsAlarms construct with the ids it always had, so no logical id moves.
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

/** CloudWatch caps a metric-math alarm at 10 metrics. */
export const FUNCTIONS_PER_ALARM = 10;
/** A function's p99 duration, in percent of its own timeout, past which LambdaDurationN alarms. */
export const DURATION_NEAR_TIMEOUT_PERCENT = 80;
/**
 * Functions that wait up to their deadline by design, left out of LambdaDurationN: a caller's `sync` run
 * (POST /api/run) and a tool call's bounded wait (the gateway, published servers) end just before the
 * timeout whenever the run is long, which the caller chooses. Their accept path has its own objective
 * (RunAcceptLatency); their timeouts show as Lambda errors.
 */
export const WAITS_TO_DEADLINE = ['run', 'gateway', 'published-server'] as const;

/**
 * The functions' names in the groups of the per-function alarms (LambdaErrorsN, LambdaThrottlesN,
 * LambdaDurationN): sorted, at most FUNCTIONS_PER_ALARM each. The runbook's list is this, checked.
 */
export function functionGroups(names: Iterable<string>): string[][] {
  const sorted = [...names].sort();
  const groups: string[][] = [];
  for (let start = 0; start < sorted.length; start += FUNCTIONS_PER_ALARM)
    groups.push(sorted.slice(start, start + FUNCTIONS_PER_ALARM));
  return groups;
}

/** The p99 duration (ms) past which a function counts as near its timeout (Lambda's default timeout: 3 s). */
export function nearTimeoutMs(fn: lambda.Function): number {
  const timeoutMs = (fn.timeout ?? Duration.seconds(3)).toMilliseconds();
  return Math.round((timeoutMs * DURATION_NEAR_TIMEOUT_PERCENT) / 100);
}

/**
 * Adds LambdaErrorsN, LambdaThrottlesN and LambdaDurationN for each group of `functions` to `scope` (the
 * OperationsAlarms construct), handing each alarm to `page`, which subscribes the topic and records it.
 */
export function addFunctionAlarms(
  scope: Construct,
  functions: ReadonlyMap<string, lambda.Function>,
  page: (alarm: cloudwatch.Alarm) => cloudwatch.Alarm,
): void {
  const fiveMinutes = Duration.minutes(5);
  for (const [index, chunk] of functionGroups(functions.keys()).entries()) {
    const group = index + 1;
    for (const [kind, metricOf] of [
      ['Errors', (fn: lambda.IFunction) => fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' })],
      ['Throttles', (fn: lambda.IFunction) => fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' })],
    ] as const) {
      const usingMetrics = Object.fromEntries(
        chunk.map((name, index) => [`f${index}`, metricOf(functions.get(name)!)]),
      );
      page(
        new cloudwatch.Alarm(scope, `Lambda${kind}${group}`, {
          alarmDescription: `Lambda ${kind.toLowerCase()} in: ${chunk.join(', ')}. Runbook: docs/observability.md "Lambda${kind}".`,
          metric: new cloudwatch.MathExpression({
            // FILL: a function not invoked in the period has no datapoint, and CloudWatch's arithmetic on a
            // missing operand is missing: a plain sum would page only when all ten functions ran.
            expression: Object.keys(usingMetrics)
              .map((metricId) => `FILL(${metricId}, 0)`)
              .join(' + '),
            usingMetrics,
            period: fiveMinutes,
            label: `${kind} (${chunk.length} functions)`,
          }),
          threshold: 0,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }
    // Duration near the timeout: a function about to time out (a store or provider slowing down, a
    // bigger workload) before it does. Each function has its own timeout, so the expression counts the
    // functions past their own threshold; FILL: a function not invoked in the period has no datapoint,
    // which would leave the whole sum missing.
    const timed = chunk.filter((name) => !(WAITS_TO_DEADLINE as readonly string[]).includes(name));
    if (timed.length > 0) {
      const usingMetrics = Object.fromEntries(
        timed.map((name, i) => [
          `d${i}`,
          functions.get(name)!.metricDuration({ period: fiveMinutes, statistic: 'p99' }),
        ]),
      );
      const terms = timed.map((name, i) => `IF(FILL(d${i}, 0) > ${nearTimeoutMs(functions.get(name)!)}, 1, 0)`);
      page(
        new cloudwatch.Alarm(scope, `LambdaDuration${group}`, {
          alarmDescription: `p99 duration above ${DURATION_NEAR_TIMEOUT_PERCENT}% of the function's timeout in: ${timed.join(', ')}. Runbook: docs/observability.md "LambdaDuration".`,
          metric: new cloudwatch.MathExpression({
            expression: terms.join(' + '),
            usingMetrics,
            period: fiveMinutes,
            label: `functions near their timeout (${timed.length} functions)`,
          }),
          threshold: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 3,
          datapointsToAlarm: 2,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }
  }
}
