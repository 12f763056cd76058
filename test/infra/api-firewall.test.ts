// infra tests: the optional WAF (issue 31 item 4). The app host sits behind the studio's CloudFront, so
// its stage sees edge servers: CloudFront sends a deploy-time secret in an origin header and the viewer's
// address in another; the app host's web ACL blocks requests without the secret and rate-limits the viewer
// address beside it; the base host keeps counting source addresses; the AWS managed rule groups come
// with a context flag; a deployment whose app host is also reached without CloudFront is not locked out.
import { Stack } from 'aws-cdk-lib';
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '#http/client-address';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { COMMON_RULE_SET_COUNTED, MANAGED_RULE_GROUPS } from '../../lib/constructs/api-firewall.ts';
import { VIEWER_ADDRESS_CODE } from '../../lib/constructs/studio-site.ts';
import { tempFolders } from '../support/temp-folders.ts';
import { yieldToRunner } from '../support/yield-to-runner.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-api-firewall');
/** Each context is synthesized once for the whole file (a synth takes seconds on a loaded machine). */
const built = new Map<string, ReturnType<typeof buildApp>>();
const build = (context: Json = {}) => {
  const key = JSON.stringify(context);
  if (!built.has(key)) built.set(key, buildApp({ outdir: outdir(), context: { ...FAST, ...context }, nag: false }));
  return built.get(key)!;
};
const json = (stack: Stack) => Template.fromStack(stack).toJSON() as Json;
const logicalId = (element: CfnElement) => element.stack.getLogicalId(element);
const ofType = (template: Json, type: string) =>
  Object.entries<Json>(template.Resources).filter(([, r]) => r.Type === type);
const ruleNames = (acl: Json) => (acl.Properties.Rules as Json[]).map((rule) => rule.Name);
const rule = (acl: Json, name: string) => (acl.Properties.Rules as Json[]).find((r) => r.Name === name)!;

/** The web ACL associated with a host's stage. */
function aclOf(built: ReturnType<typeof build>, host: 'base' | 'app'): Json {
  const template = json(built.stateless);
  const stageId = logicalId(built.stateless.apis.get(host)!.api.deploymentStage.node.defaultChild as CfnElement);
  const associations = ofType(template, 'AWS::WAFv2::WebACLAssociation').filter(([, a]) =>
    JSON.stringify(a.Properties.ResourceArn).includes(`"${stageId}"`),
  );
  expect(associations, `associations of the ${host} stage`).toHaveLength(1);
  const aclId = associations[0]![1].Properties.WebACLArn['Fn::GetAtt'][0] as string;
  return template.Resources[aclId];
}

/** The CloudFormation dynamic reference that resolves to the origin secret at deploy. */
function secretReference(built: ReturnType<typeof build>): Json {
  const secretId = logicalId(built.stateless.originSecret!.secret.node.defaultChild as CfnElement);
  return { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
}

const secretMatch = (reference: Json) => ({
  ByteMatchStatement: {
    FieldToMatch: { SingleHeader: { Name: ORIGIN_SECRET_HEADER } },
    PositionalConstraint: 'EXACTLY',
    SearchString: reference,
    TextTransformations: [{ Priority: 0, Type: 'NONE' }],
  },
});

describe('API firewall', { timeout: 180_000 }, () => {
  afterEach(yieldToRunner);

  it('sends a generated secret and the viewer address to the app host API origin, and only to it', () => {
    // Prepare
    const built = build();
    const template = json(built.stateless);
    const [, distribution] = ofType(template, 'AWS::CloudFront::Distribution')[0]!;
    const config = distribution.Properties.DistributionConfig;
    const [[secretId, secret]] = ofType(template, 'AWS::SecretsManager::Secret') as [[string, Json]];
    // Assess: Secrets Manager generates the value; the template only refers to it.
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    expect(secretId).toBe(logicalId(built.stateless.originSecret!.secret.node.defaultChild as CfnElement));
    const apiOrigin = (config.Origins as Json[]).find((origin) => origin.CustomOriginConfig)!;
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: secretReference(built) },
    ]);
    const s3Origin = (config.Origins as Json[]).find((origin) => !origin.CustomOriginConfig)!;
    expect(s3Origin.OriginCustomHeaders).toBeUndefined();
    // Every API path sets the viewer address from CloudFront's own view of the viewer.
    const [functionId] = ofType(template, 'AWS::CloudFront::Function').find(
      ([, fn]) => fn.Properties.FunctionCode === VIEWER_ADDRESS_CODE,
    )!;
    for (const behavior of config.CacheBehaviors as Json[]) {
      expect(behavior.FunctionAssociations, behavior.PathPattern).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      ]);
    }
    const handler = new Function(`${VIEWER_ADDRESS_CODE}; return handler;`)() as (event: Json) => Json;
    const forwarded = handler({
      viewer: { ip: '203.0.113.7' },
      request: { headers: { [VIEWER_ADDRESS_HEADER]: { value: '1.2.3.4' } } },
    });
    expect(forwarded.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '203.0.113.7' });
  });

  it('gives the sign-in function the origin secret by ARN, with read access to that secret alone', () => {
    // Prepare
    const built = build();
    const oauth = built.stateless.functions.get('oauth-server')!;
    const nested = json(Stack.of(oauth.function));
    const fn = nested.Resources[logicalId(oauth.function.node.defaultChild as CfnElement)];
    const env = fn.Properties.Environment.Variables;
    // Assess
    expect(env[ENV.originSecretArn]).toEqual({ Ref: expect.any(String) });
    const parameter = env[ENV.originSecretArn].Ref as string;
    // One statement in the area names the secret (the well-known function, same code, never counts sign-ins).
    const statements = ofType(nested, 'AWS::IAM::Policy').flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Json[]).filter((statement) =>
        [statement.Resource].flat().some((resource) => JSON.stringify(resource) === JSON.stringify({ Ref: parameter })),
      ),
    );
    expect(statements).toEqual([expect.objectContaining({ Action: 'secretsmanager:GetSecretValue', Effect: 'Allow' })]);
    // The gateway reads no such secret.
    const gateway = built.stateless.functions.get('gateway')!;
    const gatewayEnv = json(Stack.of(gateway.function)).Resources[
      logicalId(gateway.function.node.defaultChild as CfnElement)
    ].Properties.Environment.Variables;
    expect(gatewayEnv[ENV.originSecretArn]).toBeUndefined();
  });

  it('blocks app host requests without the secret and rate-limits the viewer address beside it', () => {
    // Prepare
    const built = build({ wafRateLimit: 2000 });
    const app = aclOf(built, 'app');
    const match = secretMatch(secretReference(built));
    // Assess
    expect(app.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    expect(ruleNames(app)).toEqual(['RequireCloudFront', 'RateLimitPerViewer']);
    expect(rule(app, 'RequireCloudFront')).toMatchObject({
      Priority: 0,
      Action: { Block: {} },
      Statement: { NotStatement: { Statement: match } },
    });
    expect(rule(app, 'RateLimitPerViewer')).toMatchObject({
      Action: { Block: {} },
      Statement: {
        RateBasedStatement: {
          Limit: 2000,
          EvaluationWindowSec: 300,
          AggregateKeyType: 'FORWARDED_IP',
          ForwardedIPConfig: { HeaderName: VIEWER_ADDRESS_HEADER, FallbackBehavior: 'NO_MATCH' },
          ScopeDownStatement: match,
        },
      },
    });
  });

  it('keeps the base host on one rule that counts source addresses', () => {
    // Prepare
    const base = aclOf(build({ wafRateLimit: 2000 }), 'base');
    // Assess
    expect(base.Properties.Rules).toEqual([
      expect.objectContaining({
        Name: 'RateLimitPerIp',
        Action: { Block: {} },
        Statement: { RateBasedStatement: { Limit: 2000, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } },
      }),
    ]);
    expect(JSON.stringify(base)).not.toContain(ORIGIN_SECRET_HEADER);
  });

  it('adds the AWS managed rule groups only with wafManagedRules, counting the rules that break this traffic', () => {
    // Prepare
    const without = build({ wafRateLimit: 2000 });
    const withGroups = build({ wafRateLimit: 2000, wafManagedRules: true });
    const base = aclOf(withGroups, 'base');
    const app = aclOf(withGroups, 'app');
    // Assess
    for (const acl of [aclOf(without, 'base'), aclOf(without, 'app')])
      expect(JSON.stringify(acl)).not.toContain('ManagedRuleGroupStatement');
    expect(ruleNames(base)).toEqual(['RateLimitPerIp', ...MANAGED_RULE_GROUPS]);
    // Through CloudFront the source address is an edge server's: no IP reputation there.
    expect(ruleNames(app)).toEqual([
      'RequireCloudFront',
      'RateLimitPerViewer',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const acl of [base, app]) {
      const common = rule(acl, 'AWSManagedRulesCommonRuleSet');
      expect(common.OverrideAction).toEqual({ None: {} });
      expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({
        VendorName: 'AWS',
        Name: 'AWSManagedRulesCommonRuleSet',
      });
      expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual(
        Object.keys(COMMON_RULE_SET_COUNTED).map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
      );
      expect((acl.Properties.Rules as Json[]).map((r) => r.Priority)).toEqual(
        (acl.Properties.Rules as Json[]).map((_, index) => index),
      );
    }
    expect(COMMON_RULE_SET_COUNTED).toHaveProperty('SizeRestrictions_BODY');
    expect(() => build({ wafManagedRules: 'yes' })).toThrow(/wafManagedRules/);
  });

  it('with wafManagedRules alone, closes the app host and adds the groups without a rate rule', () => {
    const built = build({ wafManagedRules: 'true' });
    expect(ruleNames(aclOf(built, 'app'))).toEqual([
      'RequireCloudFront',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    expect(ruleNames(aclOf(built, 'base'))).toEqual([...MANAGED_RULE_GROUPS]);
  });

  it('does not lock out an app host whose custom domain points at API Gateway, not the distribution', () => {
    // Prepare: publicAppUrl without the studio's certificate — the domain is not CloudFront's.
    const built = build({ wafRateLimit: 2000, wafManagedRules: true, publicAppUrl: 'https://app.example.com' });
    const app = aclOf(built, 'app');
    const match = secretMatch(secretReference(built));
    // Assess: nothing blocks a request for lacking the secret; each path is counted by its own address.
    expect(ruleNames(app)).toEqual(['RateLimitPerViewer', 'RateLimitPerIp', ...MANAGED_RULE_GROUPS]);
    expect(rule(app, 'RateLimitPerViewer').Statement.RateBasedStatement.ScopeDownStatement).toEqual(match);
    expect(rule(app, 'RateLimitPerIp').Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'IP',
      ScopeDownStatement: { NotStatement: { Statement: match } },
    });
    expect(
      rule(app, 'AWSManagedRulesAmazonIpReputationList').Statement.ManagedRuleGroupStatement.ScopeDownStatement,
    ).toEqual({ NotStatement: { Statement: match } });
    expect(JSON.stringify(app)).not.toContain('"Block":{}},"Statement":{"NotStatement"');
  });

  it('without the studio, keeps one web ACL counting source addresses on both stages, and no origin secret', () => {
    // Prepare
    const built = build({ wafRateLimit: 2000, studio: false });
    const template = json(built.stateless);
    // Assess
    expect(built.stateless.originSecret).toBeUndefined();
    expect(ofType(template, 'AWS::SecretsManager::Secret')).toEqual([]);
    expect(ofType(template, 'AWS::WAFv2::WebACL')).toHaveLength(1);
    expect(aclOf(built, 'app')).toBe(aclOf(built, 'base'));
    expect(ruleNames(aclOf(built, 'app'))).toEqual(['RateLimitPerIp']);
  });
});
