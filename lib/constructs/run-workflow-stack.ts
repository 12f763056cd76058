// infra: the run workflow (state machine, task functions, the run outbox's sweeper) in its own
// nested stack, so it never competes with a route area for CloudFormation's 500 resources. The route
// areas receive its ARN and name as parameters (see RouteAreaStack).
import { CfnParameter, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { RunWorkflow } from './run-workflow.ts';
import type { GenerationRefs, RunWorkflowRefs } from './service-function.ts';

export interface RunWorkflowStackProps extends Omit<NestedStackProps, 'parameters'> {
  readonly table: dynamodb.ITable;
  /** The media bucket: run values too large for the execution item are kept there. */
  readonly bucket: s3.IBucket;
  /**
   * Complete ARN of the deployment's (deprecated) shared callback secret, for the older X-Service-Signature headers.
   * @default undefined — those headers only where a workspace drew a secret; every callback carries its
   *   workspace's signature
   */
  readonly callbackSigningSecretArn?: string;
  /** ARN of the KMS key wrapping stored credentials (Advance opens them for http-request nodes). */
  readonly credentialsKeyArn: string;
  /** ARN of the service root key's secret: workspaces' default callback secrets derive from it. */
  readonly serviceRootKeyArn: string;
  /** Configured credit prices and shared video-provider keys, for generation nodes (RunWorkflowProps). */
  readonly creditPricing?: Readonly<Record<string, string>>;
  readonly generation?: GenerationRefs;
}

/** Nested stack holding the `RunWorkflow`; the table comes in as the parameter `TableArn`. */
export class RunWorkflowStack extends NestedStack {
  readonly workflow: RunWorkflow;

  constructor(scope: Construct, id: string, props: RunWorkflowStackProps) {
    super(scope, id, {
      ...props,
      description:
        props.description ?? 'Run workflow: Step Functions state machine, task functions, run outbox sweeper',
      parameters: {
        TableArn: props.table.tableArn,
        MediaBucketArn: props.bucket.bucketArn,
        MediaBucketName: props.bucket.bucketName,
        CredentialsKeyArn: props.credentialsKeyArn,
        // Only when the bucket is SSE-KMS (compliance mode strict): the functions' grants name its key.
        ...(props.bucket.encryptionKey ? { MediaBucketKeyArn: props.bucket.encryptionKey.keyArn } : {}),
        WebhookSecretKeyArn: props.serviceRootKeyArn,
      },
    });
    const tableArn = new CfnParameter(this, 'TableArn', { type: 'String', description: 'ARN of the single table' });
    const table = dynamodb.TableV2.fromTableAttributes(this, 'DataTable', { tableArn: tableArn.valueAsString });
    const bucket = s3.Bucket.fromBucketAttributes(this, 'MediaBucket', {
      bucketArn: new CfnParameter(this, 'MediaBucketArn', { type: 'String', description: 'ARN of the media bucket' })
        .valueAsString,
      bucketName: new CfnParameter(this, 'MediaBucketName', { type: 'String', description: 'Name of the media bucket' })
        .valueAsString,
      encryptionKey: props.bucket.encryptionKey
        ? kms.Key.fromKeyArn(
            this,
            'MediaBucketKey',
            new CfnParameter(this, 'MediaBucketKeyArn', {
              type: 'String',
              description: 'ARN of the KMS key of the media bucket',
            }).valueAsString,
          )
        : undefined,
    });
    const credentialsKeyArn = new CfnParameter(this, 'CredentialsKeyArn', {
      type: 'String',
      description: 'ARN of the KMS key wrapping stored credentials',
    }).valueAsString;
    const serviceRootKeyArn = new CfnParameter(this, 'WebhookSecretKeyArn', {
      type: 'String',
      description: "ARN of the service root key (workspaces' default callback secrets derive from it)",
    }).valueAsString;
    this.workflow = new RunWorkflow(this, 'Workflow', {
      table,
      bucket,
      callbackSigningSecretArn: props.callbackSigningSecretArn,
      credentialsKeyArn,
      serviceRootKeyArn,
      creditPricing: props.creditPricing,
      generation: props.generation,
    });
  }

  /** The workflow's references, for other stacks (resolved through this stack's outputs). */
  get refs(): RunWorkflowRefs {
    return this.workflow.refs;
  }
}
