// infra tests: the operational settings of issue 21 (items 15, 16) — reserved concurrency on the run
// path and caps on the public entry points (CDK context, checked against the account's limit), the
// optional WAF on both APIs, the sweepers' failure queues and their alarms, log retention and tags
// from context.
import { Template } from 'aws-cdk-lib/assertions';
import type { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { DEFAULT_CONCURRENCY } from '../../lib/constructs/operations-context.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-operations-settings');

const build = (context: Record<string, unknown> = {}) =>
  buildApp({ outdir: outdir(), context: { ...FAST, ...context }, nag: false });
const json = (stack: Stack) => Template.fromStack(stack).toJSON() as Json;
const functionsOf = (stack: Stack) =>
  Object.values<Json>(json(stack).Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
const reservedOf = (stack: Stack, description: string) =>
  functionsOf(stack).find((fn) => String(fn.Properties.Description).startsWith(description))?.Properties
    .ReservedConcurrentExecutions;

describe('operations settings', { timeout: 180_000 }, () => {
  it('reserves concurrency for the workflow tasks and caps the webhook trigger and the OAuth sign-in functions by default', () => {
    const { stateless } = build();
    const workflow = stateless.runWorkflow;
    expect(reservedOf(workflow, 'Run workflow task Advance')).toBe(DEFAULT_CONCURRENCY.advance);
    expect(reservedOf(workflow, 'Run workflow task Finalize')).toBe(DEFAULT_CONCURRENCY.finalize);
    expect(reservedOf(stateless.areas.get('webhooks')!, 'ANY /webhook/trigger')).toBe(
      DEFAULT_CONCURRENCY.webhookTrigger,
    );
    const oauth = stateless.areas.get('oauth')!;
    expect(reservedOf(oauth, 'ANY /oauth/{proxy+}')).toBe(DEFAULT_CONCURRENCY.signIn);
    expect(reservedOf(oauth, 'GET /.well-known/{proxy+}')).toBe(DEFAULT_CONCURRENCY.signIn);
    // Nothing else reserves: every other function draws from the unreserved pool.
    const reservedElsewhere = [...stateless.areas.entries()]
      .filter(([area]) => area !== 'webhooks' && area !== 'oauth')
      .flatMap(([, area]) => functionsOf(area))
      .filter((fn) => fn.Properties.ReservedConcurrentExecutions !== undefined);
    expect(reservedElsewhere).toEqual([]);
  });

  it('takes the numbers from context (0 turns one off) and refuses numbers the account cannot hold', () => {
    const { stateless } = build({ advanceConcurrency: 40, webhookTriggerConcurrency: 0 });
    expect(reservedOf(stateless.runWorkflow, 'Run workflow task Advance')).toBe(40);
    expect(reservedOf(stateless.areas.get('webhooks')!, 'ANY /webhook/trigger')).toBeUndefined();
    expect(() => build({ accountConcurrency: 200 })).toThrow(/leaves .* unreserved/);
    expect(() => build({ advanceConcurrency: -1 })).toThrow(/advanceConcurrency/);
  });

  // With the studio, the app host's stage is behind CloudFront and gets a web ACL of its own (api-firewall.test.ts).
  it('has no WAF by default, and with wafRateLimit one rate-based web ACL on both stages called directly', () => {
    const without = json(build().stateless);
    expect(Object.values<Json>(without.Resources).filter((r) => r.Type.startsWith('AWS::WAFv2::'))).toEqual([]);

    const withWaf = json(build({ wafRateLimit: 2000, studio: false }).stateless);
    const acls = Object.values<Json>(withWaf.Resources).filter((r) => r.Type === 'AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    expect(acls[0]!.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    expect(acls[0]!.Properties.Rules).toEqual([
      expect.objectContaining({
        Action: { Block: {} },
        Statement: { RateBasedStatement: { Limit: 2000, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } },
      }),
    ]);
    const associations = Object.values<Json>(withWaf.Resources).filter(
      (r) => r.Type === 'AWS::WAFv2::WebACLAssociation',
    );
    const stages = Object.entries<Json>(withWaf.Resources)
      .filter(([, r]) => r.Type === 'AWS::ApiGateway::Stage')
      .map(([id]) => id);
    expect(stages).toHaveLength(2);
    expect(JSON.stringify(associations.map((a) => a.Properties.ResourceArn))).toContain(stages[0]);
    expect(JSON.stringify(associations.map((a) => a.Properties.ResourceArn))).toContain(stages[1]);
    expect(() => build({ wafRateLimit: 5 })).toThrow(/wafRateLimit/);
  });

  it('sends a failed sweep to an encrypted queue, without retries, and pages on it (both sweepers)', () => {
    const { stateless } = build();
    const parent = json(stateless);
    const workflow = json(stateless.runWorkflow);
    for (const [template, description] of [
      [parent, 'Credit ledger: releases credit holds'],
      [workflow, 'Run outbox sweeper'],
    ] as const) {
      const [fnId] = Object.entries<Json>(template.Resources).find(
        ([, r]) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).startsWith(description),
      )!;
      const config = Object.values<Json>(template.Resources).find(
        (r) => r.Type === 'AWS::Lambda::EventInvokeConfig' && r.Properties.FunctionName.Ref === fnId,
      );
      expect(config?.Properties, description).toMatchObject({
        MaximumRetryAttempts: 0,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } } },
      });
      const queueId = config!.Properties.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];
      expect(template.Resources[queueId]).toMatchObject({
        Type: 'AWS::SQS::Queue',
        Properties: { SqsManagedSseEnabled: true },
      });
      const alarm = Object.values<Json>(template.Resources).find(
        (r) => r.Type === 'AWS::CloudWatch::Alarm' && JSON.stringify(r.Properties.Dimensions).includes(queueId),
      );
      expect(alarm?.Properties, description).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      expect(alarm!.Properties.AlarmActions).toHaveLength(1);
    }
  });

  it('applies logRetentionDays to every log group (functions, state machine, API access logs) and refuses values CloudWatch has not', () => {
    const { stateless } = build({ logRetentionDays: 14 });
    const stacks: Stack[] = [stateless, stateless.runWorkflow, ...stateless.areas.values()];
    const groups = stacks.flatMap((stack) =>
      Object.values<Json>(json(stack).Resources).filter((r) => r.Type === 'AWS::Logs::LogGroup'),
    );
    expect(groups.length).toBeGreaterThan(10);
    for (const group of groups) expect(group.Properties.RetentionInDays).toBe(14);
    expect(() => build({ logRetentionDays: 15 })).toThrow(/logRetentionDays/);
  });

  it('tags every resource with the service, plus the tags given in context', () => {
    const { stateless, stateful } = build({ tags: JSON.stringify({ team: 'automation', 'cost-center': '42' }) });
    for (const stack of [stateless, stateful, stateless.runWorkflow]) {
      const tagged = Object.values<Json>(json(stack).Resources).filter(
        (r) =>
          r.Type === 'AWS::Lambda::Function' || r.Type === 'AWS::DynamoDB::GlobalTable' || r.Type === 'AWS::SNS::Topic',
      );
      for (const resource of tagged) {
        const tags = (resource.Properties.Tags ?? resource.Properties.Replicas?.[0]?.Tags ?? []) as Array<{
          Key: string;
          Value: string;
        }>;
        expect(tags).toEqual(
          expect.arrayContaining([
            { Key: 'service', Value: 'workspace-automation' },
            { Key: 'team', Value: 'automation' },
            { Key: 'cost-center', Value: '42' },
          ]),
        );
      }
    }
    expect(() => build({ tags: '["no"]' })).toThrow(/tags/);
  });
});
