// infra tests: the on-call wiring (issue 8, "The on-call hour"; issue 21: a topic CloudWatch can
// publish to, faults that page at any traffic): one SNS topic (customer-managed key, TLS only)
// that every alarm notifies — failed executions, Lambda errors and throttles of every function, the
// each API's 5xx share — its stack output, and the dashboard.
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE } from '#adapters/observability/names';
import { ROUTES } from '#routes/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { API_5XX_MIN_REQUESTS, API_5XX_PERCENT, FUNCTIONS_PER_ALARM } from '../../lib/constructs/operations-alarms.ts';
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

  it(
    'has one SNS topic, encrypted with a rotating ' +
      'customer-managed key whose policy ' +
      "lets this account's " +
      'CloudWatch alarms publish, refusing plain HTTP, ' +
      'named by the AlarmTopicArn output',
    () => {
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
    },
  );

  it('sends every alarm of the parent stack to the topic, on alarm and on recovery', () => {
    const all = alarms(parent);
    expect(all.length).toBeGreaterThan(0);
    for (const [id, alarm] of all) {
      expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions, id).toEqual([{ Ref: topicId }]);
    }
  });

  it(
    'alarms on run executions that failed on ' +
      'the engine: failed ' +
      'executions minus those a ' +
      "workspace's node " +
      'halted',
    () => {
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
    },
  );

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
