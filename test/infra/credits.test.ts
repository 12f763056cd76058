// infra test: what the credit ledger adds to the app — the payment webhook routes read exactly their
// signing secret and get the configured prices; the expired-holds sweeper runs on a schedule with
// table access; a bad price configuration fails the synth.
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { RELEASE_HOLDS_EVERY_MINUTES } from '#core/credits/ledger';
import { PRICE_CONFIG_ENV } from '#core/credits/prices';
import { ROUTES } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-credits');
const cfnId = (construct: { node: { defaultChild?: unknown } }) =>
  Stack.of(construct as never).getLogicalId(construct.node.defaultChild as CfnElement);

describe('credits infrastructure', { timeout: 120_000 }, () => {
  it('gives the payment webhook routes their signing secret ARN, the prices from context, and nothing to other routes', () => {
    // Prepare
    const prices = [{ sku: 'video.generate', model: 'fast', unit: 'Seconds', creditsPerUnit: 9 }];
    const built = buildApp({
      outdir: outdir(),
      context: {
        ...FAST,
        creditPrices: prices,
        creditPlans: '[{"planId":"team","match":["price_team"],"monthlyCredits":5}]',
      },
      nag: false,
    });
    const stateful = Template.fromStack(built.stateful).toJSON();
    // Act / Assess
    const secret = Object.values(
      stateful.Resources as Record<string, { Type: string; DeletionPolicy?: string }>,
    ).filter((resource) => resource.Type === 'AWS::SecretsManager::Secret');
    expect(secret.every((resource) => resource.DeletionPolicy === 'Retain')).toBe(true);
    expect(stateful.Outputs.PaymentsWebhookSecretArn).toBeDefined();
    for (const route of ROUTES) {
      const fn = built.stateless.functions.get(route.id)!;
      const template = Template.fromStack(Stack.of(fn)).toJSON();
      const env = template.Resources[cfnId(fn.function)].Properties.Environment.Variables as Record<string, unknown>;
      if (route.access.paymentsSecret)
        expect(env[ENV.paymentsWebhookSecretArn], route.id).toEqual({ Ref: 'PaymentsWebhookSecretArn' });
      else expect(env[ENV.paymentsWebhookSecretArn], route.id).toBeUndefined();
      expect(env[ENV.paymentsWebhookSecret], route.id).toBeUndefined();
      if (route.access.prices) {
        expect(JSON.parse(String(env[PRICE_CONFIG_ENV.prices])), route.id).toEqual(prices);
        expect(env[PRICE_CONFIG_ENV.plans], route.id).toBe(
          '[{"planId":"team","match":["price_team"],"monthlyCredits":5}]',
        );
      } else expect(env[PRICE_CONFIG_ENV.prices], route.id).toBeUndefined();
    }
    expect(ROUTES.filter((route) => route.access.paymentsSecret).map((route) => route.path)).toEqual([
      '/api/payments/webhooks',
      '/api/payments/plan-webhooks',
    ]);
  });

  it('runs the expired-holds sweeper on a schedule, with read-write access to the table', () => {
    const built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    const { sweeper } = built.stateless.creditHoldsSweeper;
    const template = Template.fromStack(built.stateless);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `rate(${RELEASE_HOLDS_EVERY_MINUTES} minutes)`,
      Targets: [{ Arn: { 'Fn::GetAtt': [cfnId(sweeper.function), 'Arn'] } }],
    });
    const env = template.toJSON().Resources[cfnId(sweeper.function)].Properties.Environment.Variables;
    expect(env[ENV.tableName]).toBeDefined();
    // A transaction is authorised by the actions of its parts (Put, Update, ConditionCheck); the index Query too.
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    for (const action of ['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'])
      expect(policies).toContain(action);
    expect(policies).toContain('/index/GSI2');
  });

  it('fails the synth on a bad price configuration', () => {
    expect(() =>
      buildApp({
        outdir: outdir(),
        context: { ...FAST, creditPrices: '[{"sku":"x","model":"*","unit":"Seconds","creditsPerUnit":-1}]' },
        nag: false,
      }),
    ).toThrow(/CREDIT_PRICES is not valid/);
    expect(() => buildApp({ outdir: outdir(), context: { ...FAST, creditListPrice: 'not json' }, nag: false })).toThrow(
      /CREDIT_LIST_PRICE is not valid JSON/,
    );
  });
});
