// infra: what pages the on-call engineer. Every alarm of the service publishes to ONE SNS topic, which
// the deployer subscribes to (stack output AlarmTopicArn; README "Runbook" says what each alarm means
// and what to do first). The rule: page on OUR faults, at any traffic; count the tenants' failures.
//
//   FailedExecutions   run executions that failed, minus those a workspace's own node failed (RunsHalted)
//   RouteFaults        any route answered 500 for an error nothing mapped (EMF `Fault`), even once
//   LambdaErrorsN      functions that threw (metric math over ≤ 10 functions per alarm: CloudWatch's cap)
//   LambdaThrottlesN   invocations refused for concurrency
//   Api5xx<Host>       share of 5xx answers of a REST API, once it has enough traffic to mean something
//                      (catches what no handler saw: integration timeouts, API Gateway's own 5xx)
//
// A node failing on a tenant's input, a 4xx, a provider's 502 are counted (NodeFailed, the dashboard),
// never paged on: any tenant can produce as many as it likes.
//
// The topic is encrypted with a customer-managed key: CloudWatch alarms cannot publish to a topic under
// the AWS-managed alias/aws/sns (its key policy cannot be changed to admit cloudwatch.amazonaws.com), so
// every notification would fail, silently.
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../functions/adapters/observability/names.ts';

/** CloudWatch caps a metric-math alarm at 10 metrics. */
export const FUNCTIONS_PER_ALARM = 10;
/** An API's 5xx share (percent) over 5 minutes that alarms, and the requests it needs to count. */
export const API_5XX_PERCENT = 5;
export const API_5XX_MIN_REQUESTS = 20;
/** Period of the alarms that page at the first occurrence (route faults, failed executions). */
export const FAULT_PERIOD = Duration.minutes(1);

/** One of the service's own EMF counts (Powertools adds the `service` dimension). */
export const serviceCount = (metricName: string, period: Duration) =>
  new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service: SERVICE_NAME },
    statistic: 'Sum',
    period,
  });

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
  /** Customer-managed key of the topic, whose policy lets CloudWatch alarms publish. */
  readonly topicKey: kms.Key;
  readonly alarms: cloudwatch.IAlarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsAlarmsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.topicKey = new kms.Key(this, 'AlarmTopicKey', {
      description: "Encrypts the alarm topic; its policy lets this account's CloudWatch alarms publish",
      enableKeyRotation: true,
      // Only notifications in flight are under it: nothing to keep once the stack is gone.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    // SNS asks KMS for a data key on behalf of the publisher: the publisher (CloudWatch) needs these two.
    this.topicKey.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowCloudWatchAlarmsToPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*` },
        },
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: 'Workspace automation alarms',
      masterKey: this.topicKey,
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

    // A workspace's node failing ends its execution failed too (at the NodeFailed state, so it can be
    // redriven): those are subtracted, leaving executions that failed on the engine. RunsHalted is
    // counted by the Advance step milliseconds before its execution fails; a pair that straddles a minute
    // boundary can page once (the later minute alone shows the failure): rare, and never a miss.
    page(
      new cloudwatch.Alarm(this, 'FailedExecutions', {
        alarmDescription:
          'Run executions failed on the engine (a step crashed, timed out or could not be invoked); ' +
          'executions a workspace\'s own node failed are not counted. Runbook: README "FailedExecutions".',
        metric: new cloudwatch.MathExpression({
          expression: 'failed - FILL(halted, 0)',
          usingMetrics: {
            failed: props.stateMachine.metricFailed({ period: FAULT_PERIOD, statistic: 'Sum' }),
            halted: serviceCount('RunsHalted', FAULT_PERIOD),
          },
          period: FAULT_PERIOD,
          label: 'executions failed on the engine',
        }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // Route handlers answer an unmapped error with a 500 (functions/http/errors.ts), so the Lambda never
    // fails and the 5xx share needs traffic: this pages at the first one, whatever the traffic.
    page(
      new cloudwatch.Alarm(this, 'RouteFaults', {
        alarmDescription:
          'A route answered 500 for an error nothing mapped (a bug, a store down). Runbook: README "RouteFaults".',
        metric: serviceCount('Fault', FAULT_PERIOD),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
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
        const usingMetrics = Object.fromEntries(
          chunk.map((name, index) => [`f${index}`, metricOf(props.functions.get(name)!)]),
        );
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
          alarmDescription:
            `More than ${API_5XX_PERCENT}% of the ${host} host's answers were 5xx over 5 minutes (at least ` +
            `${API_5XX_MIN_REQUESTS} requests). Runbook: README "Api5xx".`,
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
