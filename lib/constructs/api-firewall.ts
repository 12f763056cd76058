// infra: the optional WAF in front of the REST APIs (CDK context `wafRateLimit`, `wafManagedRules`).
// Off by default: stage throttling already bounds the APIs, a web ACL costs money every month, and a
// per-client limit can block legitimate high-volume webhook senders (providers deliver from a few
// addresses), so the deployer chooses the number that fits their traffic (docs/infrastructure-settings.md).
//
// A rate rule must count the client, and what the stage sees as the source depends on the path:
//
//   stage called directly (base host; app host without the studio)     web ACL WebAcl
//     RateLimitPerIp       rate per source address                                       wafRateLimit
//     AWS managed groups   common rule set, known bad inputs, IP reputation              wafManagedRules
//   stage behind the studio's CloudFront (app host)                    web ACL CloudFrontOriginWebAcl
//     RequireCloudFront    block requests without the origin secret    when CloudFront is the only way in
//     RateLimitPerViewer   rate per viewer address header, only beside the secret        wafRateLimit
//     RateLimitPerIp       rate per source address, requests without the secret    when not the only way in
//     AWS managed groups   common rule set, known bad inputs; IP reputation        wafManagedRules
//                          on requests without the secret only (through CloudFront the source is an edge)
import { Stack } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { VIEWER_ADDRESS_HEADER } from '#http/client-address';
import { DEFAULT_MAX_BODY_BYTES } from '#http/parse';
import type { CloudFrontOriginSecret } from './origin-secret.ts';

/**
 * Rules of AWSManagedRulesCommonRuleSet that would block this service's legitimate traffic, with why:
 * they count (their labels and metrics stay) instead of blocking.
 */
export const COMMON_RULE_SET_COUNTED: Readonly<Record<string, string>> = {
  SizeRestrictions_BODY: `it blocks bodies over 8 KB, and the handlers accept up to ${DEFAULT_MAX_BODY_BYTES} bytes: canvases, long prompts, provider and payment webhook payloads`,
  NoUserAgent_HEADER:
    'machine clients need not send one: senders of the public webhook trigger, scripts with workspace keys, MCP clients',
  CrossSiteScripting_BODY:
    'bodies are data the service stores and passes on, never renders as HTML: prompts and templates with markup, third-party webhook payloads',
  GenericLFI_BODY: 'prompts and webhook payloads carry code and relative paths (../) as text',
  GenericRFI_BODY:
    'callback URLs and webhook payloads may name hosts by IP address; what the service itself calls is checked by its outbound policy (public addresses only)',
};

/** The AWS managed rule groups `wafManagedRules` adds, in evaluation order. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesAmazonIpReputationList',
] as const;
type ManagedRuleGroup = (typeof MANAGED_RULE_GROUPS)[number];
/** Groups that judge the source address, which behind CloudFront is an edge server's. */
const BY_SOURCE_ADDRESS = new Set<ManagedRuleGroup>(['AWSManagedRulesAmazonIpReputationList']);

export interface ApiFirewallProps {
  /**
   * Requests one client may send in 5 minutes (AWS minimum 10).
   * @default undefined — no rate rule
   */
  readonly rateLimit?: number;
  /**
   * Add the AWS managed rule groups (MANAGED_RULE_GROUPS).
   * @default false
   */
  readonly managedRules?: boolean;
  /** REST APIs their clients call directly: their stages share one web ACL that sees the client's address. */
  readonly directApis: readonly apigateway.RestApi[];
  /**
   * The REST API behind the studio's CloudFront distribution (the app host), with the origin secret
   * CloudFront sends it, and whether CloudFront is the only way in (false when the app's custom domain
   * points at API Gateway): only then are requests without the secret blocked.
   * @default undefined — no API behind CloudFront
   */
  readonly behindCloudFront?: {
    readonly api: apigateway.RestApi;
    readonly originSecret: CloudFrontOriginSecret;
    readonly only: boolean;
  };
}

type Rule = Omit<wafv2.CfnWebACL.RuleProperty, 'priority' | 'visibilityConfig'> & { readonly metric: string };

export class ApiFirewall extends Construct {
  /** The web ACL of the directly called stages, if any. */
  readonly webAcl?: wafv2.CfnWebACL;
  /** The web ACL of the stage behind CloudFront, if any. */
  readonly cloudFrontOriginWebAcl?: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id);
    const metricPrefix = `${Stack.of(this).stackName}-api`.replace(/[^A-Za-z0-9_-]/g, '-');
    const { rateLimit } = props;
    const limits = rateLimit === undefined ? [] : [`rate limit per client of ${rateLimit} requests per 5 minutes`];
    const managed = props.managedRules ? ['AWS managed rule groups'] : [];

    const associate = (webAcl: wafv2.CfnWebACL, api: apigateway.RestApi, index: number) => {
      const association = new wafv2.CfnWebACLAssociation(this, `Association${index}`, {
        resourceArn: api.deploymentStage.stageArn,
        webAclArn: webAcl.attrArn,
      });
      // The stage must exist before it can be associated.
      association.node.addDependency(api.deploymentStage);
    };

    if (props.directApis.length > 0) {
      const rules: Rule[] = [];
      if (rateLimit !== undefined) rules.push(rateRule('RateLimitPerIp', `${metricPrefix}-rate`, rateLimit));
      if (props.managedRules) rules.push(...managedRules(metricPrefix));
      const webAcl = this.webAclOf('WebAcl', metricPrefix, rules, [...limits, ...managed]);
      for (const [index, api] of props.directApis.entries()) associate(webAcl, api, index);
      this.webAcl = webAcl;
    }

    const fronted = props.behindCloudFront;
    if (fronted) {
      const prefix = `${metricPrefix}-origin`;
      const secret = fronted.originSecret.presentStatement();
      const noSecret: wafv2.CfnWebACL.StatementProperty = { notStatement: { statement: secret } };
      const rules: Rule[] = [];
      if (fronted.only) {
        rules.push({
          name: 'RequireCloudFront',
          metric: `${prefix}-direct`,
          action: { block: {} },
          statement: noSecret,
        });
      }
      if (rateLimit !== undefined) {
        rules.push(
          rateRule('RateLimitPerViewer', `${prefix}-viewer-rate`, rateLimit, {
            aggregateKeyType: 'FORWARDED_IP',
            // The header is always a valid address when the secret is there (CloudFront's viewer IP).
            forwardedIpConfig: { headerName: VIEWER_ADDRESS_HEADER, fallbackBehavior: 'NO_MATCH' },
            scopeDownStatement: secret,
          }),
        );
        if (!fronted.only)
          rules.push(rateRule('RateLimitPerIp', `${prefix}-rate`, rateLimit, { scopeDownStatement: noSecret }));
      }
      if (props.managedRules) rules.push(...managedRules(prefix, fronted.only ? 'omit' : noSecret));
      const closed = fronted.only ? ['requests that did not come through CloudFront blocked'] : [];
      this.cloudFrontOriginWebAcl = this.webAclOf('CloudFrontOriginWebAcl', prefix, rules, [
        ...closed,
        ...limits.map((limit) => `${limit}, the viewer address through CloudFront`),
        ...managed,
      ]);
      associate(this.cloudFrontOriginWebAcl, fronted.api, props.directApis.length);
    }
  }

  private webAclOf(id: string, metricName: string, rules: readonly Rule[], what: readonly string[]) {
    return new wafv2.CfnWebACL(this, id, {
      // WAF's pattern for descriptions admits letters, digits, spaces and _+=:#@/-,. only.
      description: `REST APIs of the service: ${what.join(', ')}`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(metricName),
      rules: rules.map(({ metric, ...rule }, priority) => ({
        ...rule,
        priority,
        visibilityConfig: visibility(metric),
      })),
    });
  }
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/** A rate-based rule that blocks a client over `limit` requests in 5 minutes, until it slows down. */
function rateRule(
  name: string,
  metric: string,
  limit: number,
  key: Partial<wafv2.CfnWebACL.RateBasedStatementProperty> = {},
): Rule {
  return {
    name,
    metric,
    action: { block: {} },
    statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300, ...key } },
  };
}

/**
 * The AWS managed rule groups. `bySourceAddress` is what the address-judging groups get: nothing more
 * (the stage is called directly), a scope-down to requests that did not come through CloudFront, or
 * 'omit' (every request comes through CloudFront, whose edge servers are the source).
 */
function managedRules(
  prefix: string,
  bySourceAddress: wafv2.CfnWebACL.StatementProperty | 'omit' | undefined = undefined,
): Rule[] {
  return MANAGED_RULE_GROUPS.filter((group) => !(BY_SOURCE_ADDRESS.has(group) && bySourceAddress === 'omit')).map(
    (group) => ({
      name: group,
      metric: `${prefix}-${group}`,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: group,
          ...(group === 'AWSManagedRulesCommonRuleSet'
            ? {
                ruleActionOverrides: Object.keys(COMMON_RULE_SET_COUNTED).map((rule) => ({
                  name: rule,
                  actionToUse: { count: {} },
                })),
              }
            : {}),
          ...(BY_SOURCE_ADDRESS.has(group) && bySourceAddress && bySourceAddress !== 'omit'
            ? { scopeDownStatement: bySourceAddress }
            : {}),
        },
      },
    }),
  );
}
