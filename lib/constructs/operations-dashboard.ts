// infra: the on-call dashboard — the service's own counts (EMF from functions/adapters/observability),
// the run workflow, the APIs, the functions and the state of every alarm, on one page.
import { Duration } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { ServiceMetric } from '#core/telemetry';
import { METRICS_NAMESPACE, SERVICE_NAME } from '../../functions/adapters/observability/names.ts';
import { serviceTiming } from './operations-alarms.ts';

export interface OperationsDashboardProps {
  readonly stateMachine: sfn.IStateMachine;
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  readonly apis: ReadonlyMap<string, apigateway.RestApi>;
  readonly table: dynamodb.ITable;
  readonly alarms: readonly cloudwatch.IAlarm[];
}

const PERIOD = Duration.minutes(5);

/** One of the service's own EMF counts (Powertools adds the `service` dimension). */
const serviceCount = (name: ServiceMetric, label: string) =>
  new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: SERVICE_NAME },
    statistic: 'Sum',
    period: PERIOD,
    label,
  });

export class OperationsDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });
    const functions = [...props.functions.entries()].sort(([a], [b]) => a.localeCompare(b));
    const apis = [...props.apis.entries()].sort(([a], [b]) => a.localeCompare(b));

    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: 24, height: 4 }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Runs',
        left: [serviceCount('RunsAccepted', 'accepted'), serviceCount('RunsFailed', 'failed')],
        right: [props.stateMachine.metricFailed({ period: PERIOD, statistic: 'Sum', label: 'executions failed' })],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Callbacks and webhooks',
        left: [
          serviceCount('CallbacksDelivered', 'callbacks delivered'),
          serviceCount('CallbacksFailed', 'callbacks failed'),
        ],
        right: [serviceCount('WebhookDeliveries', 'webhook deliveries')],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: '429s and not configured',
        left: [serviceCount('RateLimited', '429 answers')],
        // A setting the operator owes (a signing secret): seen here, never paged on.
        right: [serviceCount('NotConfigured', '503 not configured')],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Run outbox (per sweep) and Step Functions throttling',
        left: [
          serviceCount('OutboxRunsDue', 'runs due'),
          serviceCount('OutboxRunsStarted', 'started by the sweeper'),
          serviceCount('OutboxResumeFailed', 'failed to start'),
        ],
        right: [
          props.stateMachine.metricThrottled({ period: PERIOD, statistic: 'Sum', label: 'transitions throttled' }),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Run accept latency (ms, without the sync wait)',
        left: [
          serviceTiming('RunAcceptLatency', 'p50', PERIOD).with({ label: 'p50' }),
          serviceTiming('RunAcceptLatency', 'p99', PERIOD).with({ label: 'p99' }),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'DynamoDB throttle events (table)',
        left: [
          props.table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum', label: 'reads' }),
          props.table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum', label: 'writes' }),
        ],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      ...apis.map(
        ([host, api]) =>
          new cloudwatch.GraphWidget({
            title: `API ${host}: requests, 4xx, 5xx, p99 latency`,
            left: [
              api.metricCount({ period: PERIOD, statistic: 'Sum', label: 'requests' }),
              api.metricClientError({ period: PERIOD, statistic: 'Sum', label: '4xx' }),
              api.metricServerError({ period: PERIOD, statistic: 'Sum', label: '5xx' }),
            ],
            right: [api.metricLatency({ period: PERIOD, statistic: 'p99', label: 'p99 ms' })],
            width: 12,
          }),
      ),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Lambda errors by function',
        left: functions.map(([name, fn]) => fn.metricErrors({ period: PERIOD, statistic: 'Sum', label: name })),
        legendPosition: cloudwatch.LegendPosition.RIGHT,
        width: 12,
        height: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda throttles by function',
        left: functions.map(([name, fn]) => fn.metricThrottles({ period: PERIOD, statistic: 'Sum', label: name })),
        legendPosition: cloudwatch.LegendPosition.RIGHT,
        width: 12,
        height: 8,
      }),
    );
  }
}
