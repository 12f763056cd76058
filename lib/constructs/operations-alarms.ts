// infra: what pages the on-call engineer. Every alarm of the service publishes to ONE SNS topic, which
// the deployer subscribes to (stack output AlarmTopicArn; README "Runbook" says what each alarm means
// and what to do first).
//
//   FailedExecutions   Step Functions runs that failed (node failure, crashed or timed-out step)
//   LambdaErrorsN      functions that threw (metric math over ≤ 10 functions per alarm: CloudWatch's cap)
//   LambdaThrottlesN   invocations refused for concurrency
//   Api5xx<Host>       share of 5xx answers of a REST API, once it has enough traffic to mean something
import { Duration } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

/** CloudWatch caps a metric-math alarm at 10 metrics. */
export const FUNCTIONS_PER_ALARM = 10;
/** An API's 5xx share (percent) over 5 minutes that alarms, and the requests it needs to count. */
export const API_5XX_PERCENT = 5;
export const API_5XX_MIN_REQUESTS = 20;

export interface OperationsAlarmsProps {
  readonly stateMachine: sfn.IStateMachine;
  /** Every function of the service, by a stable name (route id or workflow task). */
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  /** REST API per host. */
  readonly apis: ReadonlyMap<string, apigateway.RestApi>;
  /** Alarms made elsewhere that page too. */
  readonly existingAlarms?: readonly cloudwatch.IAlarm[];
}

export class OperationsAlarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.IAlarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsAlarmsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: 'Workspace automation alarms',
      // AWS-managed key: CloudWatch alarms may publish to it without a key policy of ours.
      masterKey: kms.Alias.fromAliasName(this, 'SnsManagedKey', 'alias/aws/sns'),
      enforceSSL: true,
    });
    const action = new SnsAction(this.topic);
    const page = (alarm: cloudwatch.Alarm) => {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
      return alarm;
    };
    const fiveMinutes = Duration.minutes(5);

    page(
      new cloudwatch.Alarm(this, 'FailedExecutions', {
        alarmDescription: 'Run executions failed (a node failed, or a step crashed or timed out). Runbook: README "FailedExecutions".',
        metric: props.stateMachine.metricFailed({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    const names = [...props.functions.keys()].sort();
    for (let start = 0, group = 1; start < names.length; start += FUNCTIONS_PER_ALARM, group++) {
      const chunk = names.slice(start, start + FUNCTIONS_PER_ALARM);
      for (const [kind, metricOf] of [
        ['Errors', (fn: lambda.IFunction) => fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' })],
        ['Throttles', (fn: lambda.IFunction) => fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' })],
      ] as const) {
        const usingMetrics = Object.fromEntries(chunk.map((name, index) => [`f${index}`, metricOf(props.functions.get(name)!)]));
        page(
          new cloudwatch.Alarm(this, `Lambda${kind}${group}`, {
            alarmDescription: `Lambda ${kind.toLowerCase()} in: ${chunk.join(', ')}. Runbook: README "Lambda${kind}".`,
            metric: new cloudwatch.MathExpression({
              expression: Object.keys(usingMetrics).join(' + '),
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
    }

    for (const [host, api] of [...props.apis.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const hostName = host.charAt(0).toUpperCase() + host.slice(1);
      page(
        new cloudwatch.Alarm(this, `Api5xx${hostName}`, {
          alarmDescription: `More than ${API_5XX_PERCENT}% of the ${host} host's answers were 5xx over 5 minutes (at least ${API_5XX_MIN_REQUESTS} requests). Runbook: README "Api5xx".`,
          metric: new cloudwatch.MathExpression({
            expression: `IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * errors / requests, 0)`,
            usingMetrics: {
              errors: api.metricServerError({ period: fiveMinutes, statistic: 'Sum' }),
              requests: api.metricCount({ period: fiveMinutes, statistic: 'Sum' }),
            },
            period: fiveMinutes,
            label: `${host} 5xx %`,
          }),
          threshold: API_5XX_PERCENT,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    for (const alarm of props.existingAlarms ?? []) {
      if (alarm instanceof cloudwatch.Alarm) page(alarm);
    }
  }
}
