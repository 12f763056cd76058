// infra tests: the on-call wiring (issue 8, "The on-call hour"; issue 21: a topic CloudWatch can
// publish to, faults that page at any traffic): one SNS topic (customer-managed key, TLS only)
// that every alarm notifies — failed executions, Lambda errors and throttles of every function, the
// each API's 5xx share — its stack output, and the dashboard.
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE } from '#adapters/observability/names';
import { ROUTES } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { TABLE_SCHEMA } from '#adapters/dynamodb/table-design';
import {
  API_5XX_MIN_REQUESTS,
  API_5XX_PERCENT,
  CALLBACK_FAILURE_MIN_CALLBACKS,
  CALLBACK_FAILURE_PERCENT,
  DURATION_NEAR_TIMEOUT_PERCENT,
  FUNCTIONS_PER_ALARM,
  OUTBOX_BACKLOG_SWEEPS,
  OUTBOX_STUCK_SWEEPS,
  RUN_ACCEPT_MIN_RUNS,
  RUN_ACCEPT_P99_MS,
  WAITS_TO_DEADLINE,
} from '../../lib/constructs/operations-alarms.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-operations');
/** Route functions plus Advance, Finalize, SweepRuns, DeliverCallback and the release-holds worker. */
const FUNCTION_COUNT = ROUTES.length + 5;

describe('alarms, topic and dashboard', { timeout: 60_000 }, () => {
  let built: ReturnType<typeof buildApp>;
  let parent: Json;
  let _workflow: Json;
  let topicId: string;

  const alarms = (template: Json) =>
    Object.entries<Json>(template.Resources).filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm');

  beforeAll(() => {
    built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    parent = Template.fromStack(built.stateless).toJSON();
    _workflow = Template.fromStack(built.stateless.runWorkflow).toJSON();
    topicId = built.stateless.getLogicalId(built.stateless.operationsAlarms.topic.node.defaultChild as CfnElement);
  }, 60_000);

  it("has one SNS topic, encrypted with a rotating customer-managed key whose policy lets this account's CloudWatch alarms publish, refusing plain HTTP, named by the AlarmTopicArn output", () => {
    const topics = Object.entries<Json>(parent.Resources).filter(([, r]) => r.Type === 'AWS::SNS::Topic');
    expect(topics.map(([id]) => id)).toEqual([topicId]);
    // alias/aws/sns cannot be used: its key policy cannot admit cloudwatch.amazonaws.com.
    expect(JSON.stringify(topics[0]![1].Properties.KmsMasterKeyId)).not.toContain('alias/aws/sns');
    const keyId = topics[0]![1].Properties.KmsMasterKeyId['Fn::GetAtt'][0] as string;
    const key = parent.Resources[keyId];
    expect(key.Type).toBe('AWS::KMS::Key');
    expect(key.Properties.EnableKeyRotation).toBe(true);
    const cloudwatch = (key.Properties.KeyPolicy.Statement as Json[]).filter((statement) =>
      JSON.stringify(statement.Principal).includes('cloudwatch.amazonaws.com'),
    );
    expect(cloudwatch).toHaveLength(1);
    expect(cloudwatch[0]).toMatchObject({
      Effect: 'Allow',
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: expect.arrayContaining(['kms:Decrypt', 'kms:GenerateDataKey*']),
      Condition: {
        StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
        ArnLike: { 'aws:SourceArn': expect.anything() },
      },
    });
    expect(JSON.stringify(cloudwatch[0]!.Condition.ArnLike['aws:SourceArn'])).toContain(':alarm:*');
    const policy = Object.values<Json>(parent.Resources).find((r) => r.Type === 'AWS::SNS::TopicPolicy');
    expect(policy?.Properties.PolicyDocument.Statement).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      ]),
    );
    expect(parent.Outputs.AlarmTopicArn.Value).toEqual({ Ref: topicId });
    expect(parent.Outputs.DashboardName).toBeDefined();
  });

  it('sends every alarm of the parent stack to the topic, on alarm and on recovery', () => {
    const all = alarms(parent);
    expect(all.length).toBeGreaterThan(0);
    for (const [id, alarm] of all) {
      expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions, id).toEqual([{ Ref: topicId }]);
    }
  });

  it("alarms on run executions that failed on the engine: failed executions minus those a workspace's node halted", () => {
    const failed = alarms(parent).find(([id]) => id.includes('FailedExecutions'))![1].Properties;
    expect(failed).toMatchObject({
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
    const metrics = failed.Metrics as Json[];
    expect(metrics.find((m) => m.Expression)!.Expression).toBe('failed - FILL(halted, 0)');
    expect(metrics.find((m) => m.Id === 'failed')!.MetricStat.Metric).toMatchObject({
      Namespace: 'AWS/States',
      MetricName: 'ExecutionsFailed',
    });
    expect(metrics.find((m) => m.Id === 'halted')!.MetricStat.Metric).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'RunsHalted',
    });
  });

  it('pages on the first route fault (EMF Fault, one minute, at least 1)', () => {
    const faults = alarms(parent).find(([id]) => id.includes('RouteFaults'))![1].Properties;
    expect(faults).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'Fault',
      Statistic: 'Sum',
      Period: 60,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      DatapointsToAlarm: 1,
      TreatMissingData: 'notBreaching',
    });
  });

  it.each(['Errors', 'Throttles'])(
    'covers every function exactly once with Lambda %s alarms of at most 10 metrics each',
    (kind) => {
      const group = alarms(parent).filter(([id]) => id.includes(`Lambda${kind}`));
      expect(group).toHaveLength(Math.ceil(FUNCTION_COUNT / FUNCTIONS_PER_ALARM));
      const covered = group.flatMap(([, alarm]) => {
        const metrics = (alarm.Properties.Metrics as Json[]).filter((m) => m.MetricStat);
        expect(metrics.length).toBeLessThanOrEqual(FUNCTIONS_PER_ALARM);
        for (const metric of metrics)
          expect(metric.MetricStat.Metric).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: kind });
        return metrics.map((metric) => JSON.stringify(metric.MetricStat.Metric.Dimensions));
      });
      expect(covered).toHaveLength(FUNCTION_COUNT);
      expect(new Set(covered).size).toBe(FUNCTION_COUNT);
    },
  );

  it("alarms on each function's p99 duration past 80 % of its own timeout, in groups of at most 10, except the functions that wait to their deadline by design", () => {
    // Prepare: each function's synthesized timeout, by the name the alarms use
    const timeouts = new Map<string, number>();
    for (const [name, fn] of built.stateless.operationsAlarms.functions) {
      timeouts.set(name, (fn.node.defaultChild as CfnFunction).timeout ?? 3);
    }
    // Act
    const group = alarms(parent).filter(([id]) => id.includes('LambdaDuration'));
    // Assess: every function but those waiting by design, once, with 80 % of its own timeout
    const covered: string[] = [];
    for (const [id, alarm] of group) {
      const names = (/in: (.*)\. Runbook/.exec(alarm.Properties.AlarmDescription)?.[1] ?? '').split(', ');
      const metrics = alarm.Properties.Metrics as Json[];
      const stats = metrics.filter((m) => m.MetricStat);
      expect(stats.length, id).toBeLessThanOrEqual(FUNCTIONS_PER_ALARM);
      expect(stats.length, id).toBe(names.length);
      for (const metric of stats)
        expect(metric.MetricStat).toMatchObject({
          Metric: { Namespace: 'AWS/Lambda', MetricName: 'Duration' },
          Stat: 'p99',
        });
      const expression = metrics.find((m) => m.Expression)!.Expression as string;
      names.forEach((name, index) => {
        const limit = (timeouts.get(name)! * 1000 * DURATION_NEAR_TIMEOUT_PERCENT) / 100;
        expect(expression, name).toContain(`IF(FILL(d${index}, 0) > ${limit}, 1, 0)`);
      });
      expect(alarm.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      covered.push(...names);
    }
    const expected = [...timeouts.keys()].filter((name) => !(WAITS_TO_DEADLINE as readonly string[]).includes(name));
    expect(covered.sort()).toEqual(expected.sort());
    for (const name of WAITS_TO_DEADLINE) expect(timeouts.has(name), name).toBe(true);
  });

  it('pages when runs pile up in the run outbox, sweep after sweep, and when the sweeper cannot start them', () => {
    const byId = (name: string) => alarms(parent).find(([id]) => id.includes(name))![1].Properties;
    expect(byId('RunOutboxBacklog')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'OutboxRunsDue',
      Statistic: 'Sum',
      Period: 60,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: OUTBOX_BACKLOG_SWEEPS,
      DatapointsToAlarm: OUTBOX_BACKLOG_SWEEPS,
    });
    expect(byId('RunOutboxStuck')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'OutboxResumeFailed',
      Period: 60,
      Threshold: 1,
      EvaluationPeriods: OUTBOX_STUCK_SWEEPS,
      DatapointsToAlarm: OUTBOX_STUCK_SWEEPS,
    });
    expect(byId('WorkflowThrottled')).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionThrottled' });
  });

  it("pages on DynamoDB throttling of the table's and every index's reads and writes", () => {
    const alarm = alarms(parent).find(([id]) => id.includes('TableThrottled'))![1].Properties;
    const stats = (alarm.Metrics as Json[]).filter((m) => m.MetricStat).map((m) => m.MetricStat.Metric);
    const indexOf = (metric: Json) =>
      (metric.Dimensions as Json[]).find((d) => d.Name === 'GlobalSecondaryIndexName')?.Value ?? 'table';
    const seen = stats.map((metric) => `${metric.MetricName}:${indexOf(metric)}`);
    const places = ['table', ...TABLE_SCHEMA.globalSecondaryIndexes.map((index) => index.indexName)];
    expect(seen.sort()).toEqual(
      places.flatMap((place) => [`ReadThrottleEvents:${place}`, `WriteThrottleEvents:${place}`]).sort(),
    );
    for (const metric of stats) expect(metric.Namespace).toBe('AWS/DynamoDB');
    expect((alarm.Metrics as Json[]).find((m) => m.Expression)!.Expression).toMatch(/^FILL\(r0, 0\) \+ /);
  });

  it('pages on the share of failed result callbacks, once there are enough of them', () => {
    const alarm = alarms(parent).find(([id]) => id.includes('CallbackFailureRate'))![1].Properties;
    expect(alarm.Threshold).toBe(CALLBACK_FAILURE_PERCENT);
    expect((alarm.Metrics as Json[]).find((m) => m.Expression)!.Expression).toContain(
      `>= ${CALLBACK_FAILURE_MIN_CALLBACKS}`,
    );
    const names = (alarm.Metrics as Json[]).filter((m) => m.MetricStat).map((m) => m.MetricStat.Metric.MetricName);
    expect(names.sort()).toEqual(['CallbacksDelivered', 'CallbacksFailed']);
  });

  it("pages when the run accept's p99 (RunAcceptLatency) misses its objective, once enough runs were accepted", () => {
    const alarm = alarms(parent).find(([id]) => id.includes('RunAcceptLatency'))![1].Properties;
    expect(alarm.Threshold).toBe(RUN_ACCEPT_P99_MS);
    const stats = (alarm.Metrics as Json[]).filter((m) => m.MetricStat).map((m) => m.MetricStat);
    expect(stats.map((stat) => stat.Stat).sort()).toEqual(['SampleCount', 'p99']);
    for (const stat of stats)
      expect(stat.Metric).toMatchObject({ Namespace: METRICS_NAMESPACE, MetricName: 'RunAcceptLatency' });
    expect((alarm.Metrics as Json[]).find((m) => m.Expression)!.Expression).toContain(`>= ${RUN_ACCEPT_MIN_RUNS}`);
  });

  it.each(['base', 'app'])("alarms on the %s API's 5xx share once it has enough requests", (host) => {
    const alarm = alarms(parent).find(([id]) =>
      id.includes(`Api5xx${host.charAt(0).toUpperCase()}${host.slice(1)}`),
    )![1].Properties;
    expect(alarm.Threshold).toBe(API_5XX_PERCENT);
    const expression = (alarm.Metrics as Json[]).find((m) => m.Expression)!.Expression;
    expect(expression).toBe(`IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * errors / requests, 0)`);
    const names = (alarm.Metrics as Json[])
      .filter((m) => m.MetricStat)
      .map((m) => m.MetricStat.Metric.MetricName)
      .sort();
    expect(names).toEqual(['5XXError', 'Count']);
    // Each host's API has its own name, so its metrics are its own.
    for (const metric of (alarm.Metrics as Json[]).filter((m) => m.MetricStat)) {
      expect(metric.MetricStat.Metric.Dimensions).toEqual([{ Name: 'ApiName', Value: `StatelessStack-${host}` }]);
    }
  });

  it("has a dashboard with the alarms, the service's EMF counts, the APIs and every function", () => {
    const dashboards = Object.values<Json>(parent.Resources).filter((r) => r.Type === 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const metric of [
      'RunsAccepted',
      'RunsFailed',
      'CallbacksDelivered',
      'CallbacksFailed',
      'WebhookDeliveries',
      'RateLimited',
      'NotConfigured',
      'OutboxRunsDue',
      'OutboxRunsStarted',
      'OutboxResumeFailed',
      'RunAcceptLatency',
      'ExecutionThrottled',
      'ReadThrottleEvents',
      'WriteThrottleEvents',
    ]) {
      expect(body).toContain(metric);
    }
    expect(body).toContain(METRICS_NAMESPACE);
    expect(body).toContain('ExecutionsFailed');
    expect(body).toContain('5XXError');
    expect(body).toContain('\\"type\\":\\"alarm\\"');
    for (const route of ROUTES) expect(body, route.id).toContain(`\\"label\\":\\"${route.id}\\"`);
  });
});
