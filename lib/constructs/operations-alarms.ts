// infra: what pages the on-call engineer. Every alarm of the service publishes to ONE SNS topic, which
// the deployer subscribes to (stack output AlarmTopicArn; docs/observability.md "Runbook" says what each
// alarm means and what to do first). The rule: page on OUR faults, at any traffic; count the tenants' failures.
//
//   FailedExecutions   run executions that failed, minus those a workspace's own node failed (RunsHalted)
//   RouteFaults        any route answered 500 for an error nothing mapped (EMF `Fault`), even once
//   LambdaErrorsN      functions that threw (metric math over ≤ 10 functions per alarm: CloudWatch's cap)
//   LambdaThrottlesN   invocations refused for concurrency
//   Api5xx<Host>       share of 5xx answers of a REST API, once it has enough traffic to mean something
//                      (catches what no handler saw: integration timeouts, API Gateway's own 5xx)
//   LambdaDurationN    a function's p99 duration past 80 % of its own timeout (same groups as LambdaErrorsN)
//   RunOutboxBacklog   runs due in the run outbox sweep after sweep (starts throttled or failing at the
//                      routes); RunOutboxStuck: the sweeper cannot start them either
//   WorkflowThrottled  Step Functions throttled the run state machine's transitions (ExecutionThrottled)
//   TableThrottled     DynamoDB throttled reads or writes of the table or its indexes
//   CallbackFailureRate  most result callbacks failed, once there are enough to mean something
//   RunAcceptLatency   the objective: p99 of accepting a run (POST /api/run, without the sync wait)
//
// Each alarm has a row in the runbook (docs/observability.md "Runbook"); test/infra/runbook.test.ts
// compares the rows, and the functions each LambdaErrorsN/ThrottlesN/DurationN covers, with this synth.
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
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '#adapters/dynamodb/table-design';
import type { ServiceMetric, ServiceTiming } from '#core/telemetry';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../functions/adapters/observability/names.ts';
import { addFunctionAlarms } from './function-alarms.ts';

// The per-function alarms' constants and helpers live in function-alarms.ts; the tests and the runbook
// check read them from here, with the other thresholds.
export {
  DURATION_NEAR_TIMEOUT_PERCENT,
  FUNCTIONS_PER_ALARM,
  functionGroups,
  nearTimeoutMs,
  WAITS_TO_DEADLINE,
} from './function-alarms.ts';

/** An API's 5xx share (percent) over 5 minutes that alarms, and the requests it needs to count. */
export const API_5XX_PERCENT = 5;
export const API_5XX_MIN_REQUESTS = 20;
/** Period of the alarms that page at the first occurrence (route faults, failed executions). */
export const FAULT_PERIOD = Duration.minutes(1);

/**
 * The run outbox: runs due (a start deferred, or queued past the sweeper's grace period) in this many
 * consecutive sweeps (one a minute) page as a backlog; failing to start one, in this many, as stuck.
 */
export const OUTBOX_BACKLOG_SWEEPS = 5;
export const OUTBOX_STUCK_SWEEPS = 3;
/** Step Functions' throttled transitions of the run state machine: 5-minute periods in a row that page. */
export const WORKFLOW_THROTTLED_PERIODS = 2;
/** DynamoDB throttle events (reads and writes, table and indexes) in 5-minute periods in a row that page. */
export const TABLE_THROTTLED_PERIODS = 2;
/** Failed result callbacks, percent of those sent in 15 minutes (at least the minimum), that page. */
export const CALLBACK_FAILURE_PERCENT = 50;
export const CALLBACK_FAILURE_MIN_CALLBACKS = 20;
export const CALLBACK_FAILURE_PERIOD = Duration.minutes(15);
/**
 * The run accept objective: p99 of RunAcceptLatency (ms) over 5 minutes, once that many runs were accepted,
 * in this many periods in a row. Accepting is two or three DynamoDB calls and one StartExecution (about
 * 100 ms in AWS); a second at p99 is a store or Step Functions slowing down, not a tenant's canvas.
 */
export const RUN_ACCEPT_P99_MS = 1000;
export const RUN_ACCEPT_MIN_RUNS = 20;
export const RUN_ACCEPT_PERIODS = 3;

/** One of the service's own EMF counts (Powertools adds the `service` dimension). */
export const serviceCount = (metricName: ServiceMetric, period: Duration) =>
  new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service: SERVICE_NAME },
    statistic: 'Sum',
    period,
  });

/** One of the service's own EMF timings, by statistic (p99, SampleCount, …). */
export const serviceTiming = (metricName: ServiceTiming, statistic: string, period: Duration) =>
  new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service: SERVICE_NAME },
    statistic,
    period,
    unit: cloudwatch.Unit.MILLISECONDS,
  });

export interface OperationsAlarmsProps {
  readonly stateMachine: sfn.IStateMachine;
  /** Every function of the service, by a stable name (route id or workflow task); timeouts are read. */
  readonly functions: ReadonlyMap<string, lambda.Function>;
  /** The single table (throttling). */
  readonly table: dynamodb.ITable;
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
  /** The functions alarmed on, by the names the alarms and the runbook use. */
  readonly functions: ReadonlyMap<string, lambda.Function>;

  constructor(scope: Construct, id: string, props: OperationsAlarmsProps) {
    super(scope, id);
    this.functions = props.functions;
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
          'Run executions failed on the engine (a step crashed, timed out or could not be invoked); executions a workspace\'s own node failed are not counted. Runbook: docs/observability.md "FailedExecutions".',
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
          'A route answered 500 for an error nothing mapped (a bug, a store down). Runbook: docs/observability.md "RouteFaults".',
        metric: serviceCount('Fault', FAULT_PERIOD),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // Errors, throttles and p99 duration near the timeout of every function, in groups of ten.
    addFunctionAlarms(this, props.functions, page);

    for (const [host, api] of [...props.apis.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const hostName = host.charAt(0).toUpperCase() + host.slice(1);
      page(
        new cloudwatch.Alarm(this, `Api5xx${hostName}`, {
          alarmDescription: `More than ${API_5XX_PERCENT}% of the ${host} host's answers were 5xx over 5 minutes (at least ${API_5XX_MIN_REQUESTS} requests). Runbook: docs/observability.md "Api5xx".`,
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

    // The run outbox (functions/core/runs/sweep.ts). A run the accepting request could not start (Step
    // Functions throttled or failed StartExecution, the process died) waits for the sweeper: one now and
    // then is what the outbox is for; runs due in every sweep for minutes are starts failing at the routes.
    page(
      new cloudwatch.Alarm(this, 'RunOutboxBacklog', {
        alarmDescription: `The run outbox's sweeper found runs due in ${OUTBOX_BACKLOG_SWEEPS} sweeps in a row: the routes cannot start them (StartExecution throttled or failing). Runbook: docs/observability.md "RunOutboxBacklog".`,
        metric: serviceCount('OutboxRunsDue', FAULT_PERIOD),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: OUTBOX_BACKLOG_SWEEPS,
        datapointsToAlarm: OUTBOX_BACKLOG_SWEEPS,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
    // The sweeper failing on a run is retried by the next sweep, silently but for a WARN line: in a few
    // sweeps in a row, the runs are not being started at all.
    page(
      new cloudwatch.Alarm(this, 'RunOutboxStuck', {
        alarmDescription: `The run outbox's sweeper failed to start or redrive runs in ${OUTBOX_STUCK_SWEEPS} sweeps in a row (they stay queued). Runbook: docs/observability.md "RunOutboxStuck".`,
        metric: serviceCount('OutboxResumeFailed', FAULT_PERIOD),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: OUTBOX_STUCK_SWEEPS,
        datapointsToAlarm: OUTBOX_STUCK_SWEEPS,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
    // Step Functions retries a throttled transition itself; throttling that lasts slows every run.
    page(
      new cloudwatch.Alarm(this, 'WorkflowThrottled', {
        alarmDescription: `Step Functions throttled the run state machine's transitions in ${WORKFLOW_THROTTLED_PERIODS} 5-minute periods in a row. Runbook: docs/observability.md "WorkflowThrottled".`,
        metric: props.stateMachine.metricThrottled({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: WORKFLOW_THROTTLED_PERIODS,
        datapointsToAlarm: WORKFLOW_THROTTLED_PERIODS,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // DynamoDB throttling (on demand: a burst past twice the previous peak, or a hot partition). The SDK
    // retries a few; throttling that lasts turns into route faults and slow runs. Table and every index:
    // a throttled index write throttles the table's writes, a throttled index read (the outbox query) not.
    const throttles: Record<string, cloudwatch.IMetric> = {};
    const indexes = [undefined, ...TABLE_SCHEMA.globalSecondaryIndexes.map((index) => index.indexName)];
    for (const [i, indexName] of indexes.entries()) {
      for (const [kind, metricName] of [
        ['r', 'ReadThrottleEvents'],
        ['w', 'WriteThrottleEvents'],
      ] as const) {
        throttles[`${kind}${i}`] = props.table.metric(metricName, {
          period: fiveMinutes,
          statistic: 'Sum',
          dimensionsMap: {
            TableName: props.table.tableName,
            ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}),
          },
        });
      }
    }
    page(
      new cloudwatch.Alarm(this, 'TableThrottled', {
        alarmDescription: `DynamoDB throttled reads or writes of the table or its indexes in ${TABLE_THROTTLED_PERIODS} 5-minute periods in a row. Runbook: docs/observability.md "TableThrottled".`,
        metric: new cloudwatch.MathExpression({
          expression: Object.keys(throttles)
            .map((id) => `FILL(${id}, 0)`)
            .join(' + '),
          usingMetrics: throttles,
          period: fiveMinutes,
          label: 'throttle events',
        }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: TABLE_THROTTLED_PERIODS,
        datapointsToAlarm: TABLE_THROTTLED_PERIODS,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // Result callbacks go to the tenants' receivers, so one failing is theirs (counted, never paged). Most
    // of many failing is ours more often than not: egress, DNS, signing. A share, over 15 minutes and a
    // floor of callbacks, so that one quiet tenant's broken receiver does not page on a busy deployment
    // (on a quiet one it can: the runbook's first step tells the two apart).
    page(
      new cloudwatch.Alarm(this, 'CallbackFailureRate', {
        alarmDescription: `More than ${CALLBACK_FAILURE_PERCENT}% of result callbacks failed over 15 minutes (at least ${CALLBACK_FAILURE_MIN_CALLBACKS} callbacks). Runbook: docs/observability.md "CallbackFailureRate".`,
        metric: new cloudwatch.MathExpression({
          expression: `IF(FILL(delivered, 0) + FILL(failed, 0) >= ${CALLBACK_FAILURE_MIN_CALLBACKS}, 100 * FILL(failed, 0) / (FILL(delivered, 0) + FILL(failed, 0)), 0)`,
          usingMetrics: {
            delivered: serviceCount('CallbacksDelivered', CALLBACK_FAILURE_PERIOD),
            failed: serviceCount('CallbacksFailed', CALLBACK_FAILURE_PERIOD),
          },
          period: CALLBACK_FAILURE_PERIOD,
          label: 'callbacks failed %',
        }),
        threshold: CALLBACK_FAILURE_PERCENT,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // The latency objective of accepting a run, measured by the operation itself (not API Gateway's nor
    // the function's duration: both include the `sync` wait the caller chooses). A floor of runs: the p99
    // of a handful is their maximum, one cold start.
    page(
      new cloudwatch.Alarm(this, 'RunAcceptLatency', {
        alarmDescription: `p99 of accepting a run (POST /api/run, without the sync wait) above ${RUN_ACCEPT_P99_MS} ms in ${RUN_ACCEPT_PERIODS} 5-minute periods in a row (at least ${RUN_ACCEPT_MIN_RUNS} runs each). Runbook: docs/observability.md "RunAcceptLatency".`,
        metric: new cloudwatch.MathExpression({
          expression: `IF(FILL(runs, 0) >= ${RUN_ACCEPT_MIN_RUNS}, FILL(p99, 0), 0)`,
          usingMetrics: {
            p99: serviceTiming('RunAcceptLatency', 'p99', fiveMinutes),
            runs: serviceTiming('RunAcceptLatency', 'SampleCount', fiveMinutes),
          },
          period: fiveMinutes,
          label: 'run accept p99 ms',
        }),
        threshold: RUN_ACCEPT_P99_MS,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: RUN_ACCEPT_PERIODS,
        datapointsToAlarm: RUN_ACCEPT_PERIODS,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    for (const alarm of props.existingAlarms ?? []) {
      if (alarm instanceof cloudwatch.Alarm) page(alarm);
    }
  }
}
