// infra: the compliance mode (CDK context `compliance=strict`) and the optional VPC placement of the
// functions (`vpcId`, `vpcSubnetIds`, `vpcSecurityGroupIds`), read and checked in one place, for accounts
// under Control Tower's proactive controls (docs/infrastructure-settings.md "Compliance mode"). Unset, nothing here
// adds a resource or changes a property: the default templates stay as they are.
//
//   compliance=strict   every log group: the stack's customer-managed key (LogEncryption) and ≥ 365 days
//                       the media bucket and the studio site bucket: SSE-KMS under their own keys
//                       every KMS key: grants only for AWS services (StrictKeyPolicies)
//   vpcSubnetIds + vpcSecurityGroupIds (+ vpcId)   every function in those subnets (any mode)
//
// Ids come as context values, imported with fromXxxId, so `cdk synth` stays offline (no Vpc.fromLookup).
import { Annotations, Aspects, Duration, type IAspect, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct, type IConstruct } from 'constructs';

/** Context keys. */
export const COMPLIANCE_CONTEXT = {
  mode: 'compliance',
  vpcId: 'vpcId',
  vpcSubnetIds: 'vpcSubnetIds',
  vpcSecurityGroupIds: 'vpcSecurityGroupIds',
} as const;

/** `standard` is today's deployment; `strict` is what Control Tower's proactive controls ask for. */
export const COMPLIANCE_MODES = ['standard', 'strict'] as const;
export type ComplianceMode = (typeof COMPLIANCE_MODES)[number];

/** CT.CLOUDWATCH.PR.2 asks for at least a year; strict raises every shorter retention to this. */
export const STRICT_LOG_RETENTION = logs.RetentionDays.ONE_YEAR;

/** The compliance mode from context; unset is `standard`. */
export function complianceModeOf(scope: IConstruct): ComplianceMode {
  const raw: unknown = scope.node.tryGetContext(COMPLIANCE_CONTEXT.mode);
  if (raw === undefined || raw === null || raw === '') return 'standard';
  if (typeof raw !== 'string' || !(COMPLIANCE_MODES as readonly string[]).includes(raw)) {
    throw new Error(
      `Context ${COMPLIANCE_CONTEXT.mode} must be one of ${COMPLIANCE_MODES.join(', ')}, got ${JSON.stringify(raw)}`,
    );
  }
  return raw as ComplianceMode;
}

export const isStrict = (scope: IConstruct): boolean => complianceModeOf(scope) === 'strict';

/** The functions' VPC placement as context gives it (ids only; nothing is looked up). */
export interface VpcPlacementIds {
  readonly vpcId: string;
  readonly subnetIds: readonly string[];
  readonly securityGroupIds: readonly string[];
}

/** A list of ids: a JSON array (cdk.json) or comma-separated text (`-c key=a,b`), each matching `pattern`. */
function idsContext(scope: IConstruct, key: string, pattern: RegExp): string[] | undefined {
  const raw: unknown = scope.node.tryGetContext(key);
  if (raw === undefined || raw === null || raw === '') return undefined;
  const ids = typeof raw === 'string' ? raw.split(',').map((id) => id.trim()) : raw;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && pattern.test(id))) {
    throw new Error(`Context ${key} must be a list of ids like ${pattern.source}, got ${JSON.stringify(raw)}`);
  }
  return ids as string[];
}

/** The VPC placement from context, or undefined (functions outside any VPC, as by default). All three or none. */
export function vpcPlacementIdsOf(scope: IConstruct): VpcPlacementIds | undefined {
  const subnetIds = idsContext(scope, COMPLIANCE_CONTEXT.vpcSubnetIds, /^subnet-[0-9a-f]{8,17}$/);
  // Given, so no function gets a security group of its own (one per function, 125 of them).
  const securityGroupIds = idsContext(scope, COMPLIANCE_CONTEXT.vpcSecurityGroupIds, /^sg-[0-9a-f]{8,17}$/);
  const vpcId: unknown = scope.node.tryGetContext(COMPLIANCE_CONTEXT.vpcId);
  if (!subnetIds && !securityGroupIds && (vpcId === undefined || vpcId === '')) return undefined;
  if (!subnetIds || !securityGroupIds || typeof vpcId !== 'string' || !/^vpc-[0-9a-f]{8,17}$/.test(vpcId)) {
    throw new Error(
      `Context ${COMPLIANCE_CONTEXT.vpcId}, ${COMPLIANCE_CONTEXT.vpcSubnetIds} and ` +
        `${COMPLIANCE_CONTEXT.vpcSecurityGroupIds} ` +
        'go together: the VPC id, its private subnets (with a NAT route) and the security groups of the functions',
    );
  }
  return { vpcId, subnetIds, securityGroupIds };
}

/** What a Lambda (or a BucketDeployment) takes to run in the VPC. */
export interface VpcPlacement {
  readonly vpc: ec2.IVpc;
  readonly vpcSubnets: ec2.SubnetSelection;
  readonly securityGroups: ec2.ISecurityGroup[];
}

/**
 * The VPC placement as constructs, imported once per stack (nested ones included) by id: no lookup, so
 * synth stays offline. Undefined without the context.
 */
export function vpcPlacementOf(scope: IConstruct): VpcPlacement | undefined {
  const ids = vpcPlacementIdsOf(scope);
  if (!ids) return undefined;
  const stack = Stack.of(scope);
  const id = 'VpcPlacement';
  const holder = (stack.node.tryFindChild(id) as Construct | undefined) ?? new Construct(stack, id);
  const imported = (kind: string, make: () => IConstruct) => holder.node.tryFindChild(kind) ?? make();
  return {
    // The subnets are named explicitly, so the VPC's own subnet lists are never consulted; the import
    // wants zones only to lay those lists out, so one placeholder zone satisfies it without a lookup.
    vpc: imported('Vpc', () =>
      ec2.Vpc.fromVpcAttributes(holder, 'Vpc', { vpcId: ids.vpcId, availabilityZones: ['placeholder'] }),
    ) as ec2.IVpc,
    vpcSubnets: {
      subnets: ids.subnetIds.map((subnetId) => imported(subnetId, () => importSubnet(holder, subnetId)) as ec2.ISubnet),
    },
    securityGroups: ids.securityGroupIds.map(
      (groupId) =>
        imported(groupId, () =>
          ec2.SecurityGroup.fromSecurityGroupId(holder, groupId, groupId, { mutable: false }),
        ) as ec2.ISecurityGroup,
    ),
  };
}

function importSubnet(scope: Construct, subnetId: string): ec2.ISubnet {
  const subnet = ec2.Subnet.fromSubnetId(scope, subnetId, subnetId);
  Annotations.of(subnet).acknowledgeWarning(
    '@aws-cdk/aws-ec2:noSubnetRouteTableId',
    'A Lambda placement reads only the subnet id; no construct here asks for its route table.',
  );
  return subnet;
}

/** The managed policy a function needs to create its network interfaces in the VPC. */
export const VPC_ACCESS_POLICY = 'service-role/AWSLambdaVPCAccessExecutionRole';

/**
 * A customer-managed key as strict mode wants every key: yearly rotation (CT.KMS.PR.1); the deny on
 * grants for anyone but AWS services comes from StrictKeyPolicies, which covers every key of the app.
 */
export function compliantKey(
  scope: Construct,
  id: string,
  props: { readonly description: string; readonly removalPolicy: RemovalPolicy },
): kms.Key {
  return new kms.Key(scope, id, {
    description: props.description,
    enableKeyRotation: true,
    removalPolicy: props.removalPolicy,
    pendingWindow: Duration.days(30),
  });
}

/**
 * CT.KMS.PR.3: every key's policy denies kms:CreateGrant unless the grant is for an AWS resource or the
 * caller is an AWS service. None of the service's keys is used through grants (functions call
 * GenerateDataKey/Decrypt themselves; Logs, S3, SNS and CloudFront use key-policy permissions), so this
 * only closes a door: a principal with kms:* on the key could otherwise hand its use to anyone by grant.
 */
export class StrictKeyPolicies implements IAspect {
  visit(node: IConstruct): void {
    if (!(node instanceof kms.Key)) return;
    node.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'DenyGrantsExceptForAwsServices',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['kms:CreateGrant'],
        resources: ['*'],
        conditions: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
      }),
    );
  }
}

/** Strict mode for a log group: the key, and no less than a year. */
class EncryptedLogGroups implements IAspect {
  constructor(private readonly key: kms.IKey) {}

  visit(node: IConstruct): void {
    if (!(node instanceof logs.CfnLogGroup)) return;
    node.kmsKeyId = this.key.keyArn;
    // Undefined retention is "never expire", which is longer still.
    if (node.retentionInDays !== undefined && node.retentionInDays < STRICT_LOG_RETENTION) {
      node.retentionInDays = STRICT_LOG_RETENTION;
    }
  }
}

/**
 * Strict mode's log encryption for a stack and its nested stacks: one customer-managed key whose policy
 * lets CloudWatch Logs of this account and region use it, given to every log group in scope (an aspect,
 * so a log group added later is covered without anyone remembering), with retention raised to a year.
 * Log groups in nested stacks receive the key's ARN as a parameter.
 */
export class LogEncryption extends Construct {
  readonly key: kms.Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    const logGroupsArn = `arn:${stack.partition}:logs:${stack.region}:${stack.account}:log-group:*`;
    // The log groups go with the stack (RemovalPolicy.DESTROY), so their key may too; the pending window
    // still leaves 30 days to cancel a deletion made by mistake.
    this.key = compliantKey(this, 'Key', {
      description: 'Encrypts the log groups of the service (compliance mode strict)',
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // The documented statement for CloudWatch Logs: the regional service principal, only for log groups of
    // this account and region (the encryption context names the log group).
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowCloudWatchLogs',
        principals: [new iam.ServicePrincipal(`logs.${stack.region}.amazonaws.com`)],
        actions: ['kms:Encrypt*', 'kms:Decrypt*', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
        resources: ['*'],
        conditions: {
          ArnLike: {
            'kms:EncryptionContext:aws:logs:arn': logGroupsArn,
          },
        },
      }),
    );
    Aspects.of(scope).add(new EncryptedLogGroups(this.key));
  }
}
