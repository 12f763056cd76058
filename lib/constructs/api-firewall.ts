// infra: the optional WAF in front of both REST APIs (CDK context `wafRateLimit`). One regional web
// ACL with one rate-based rule: an IP that sends more than the limit in 5 minutes is blocked until it
// slows down. Off by default: stage throttling already bounds the APIs, a web ACL costs money every
// month, and a per-IP limit can block legitimate high-volume webhook senders (providers deliver from
// a few addresses), so the deployer chooses the number that fits their traffic (docs/infrastructure.md).
import { Stack } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface ApiFirewallProps {
  /** Requests one IP may send in 5 minutes (AWS minimum 10). */
  readonly rateLimit: number;
  /** The REST APIs whose deployment stages the web ACL protects. */
  readonly apis: readonly apigateway.RestApi[];
}

export class ApiFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id);
    const metricName = `${Stack.of(this).stackName}-api`.replace(/[^A-Za-z0-9_-]/g, '-');
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      // CloudFormation's pattern for this description admits no apostrophe.
      description: `Rate limit per IP on the REST APIs of the service, ${props.rateLimit} requests per 5 minutes`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName },
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: { limit: props.rateLimit, aggregateKeyType: 'IP', evaluationWindowSec: 300 },
          },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            sampledRequestsEnabled: true,
            metricName: `${metricName}-rate`,
          },
        },
      ],
    });
    for (const [index, api] of props.apis.entries()) {
      const association = new wafv2.CfnWebACLAssociation(this, `Association${index}`, {
        resourceArn: api.deploymentStage.stageArn,
        webAclArn: this.webAcl.attrArn,
      });
      // The stage must exist before it can be associated.
      association.node.addDependency(api.deploymentStage);
    }
  }
}
