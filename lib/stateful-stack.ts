// infra: what must survive every deployment — the single table and the media bucket. Termination
// protection, RETAIN removal policies, no physical names; the stateless stack receives them as props.
import { CfnOutput, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { DataTable } from './constructs/data-table.ts';
import { MediaBucket } from './constructs/media-bucket.ts';

export class StatefulStack extends Stack {
  readonly data: DataTable;
  readonly media: MediaBucket;
  /** The key webhook secrets are derived from (functions/core/webhooks/secrets.ts). */
  readonly webhookSecretKey: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, { terminationProtection: true, ...props });
    // Construct ids 'DataTable' and 'Media' are part of the logical ids: never rename them.
    this.data = new DataTable(this, 'DataTable');
    this.media = new MediaBucket(this, 'Media');

    // Stateful: every registered webhook's secret is derived from it, so losing or replacing it would
    // invalidate them all. Retained, never rotated automatically.
    this.webhookSecretKey = new secretsmanager.Secret(this, 'WebhookSecretKey', {
      description: 'Key from which per-trigger webhook secrets are derived (HMAC-SHA256); never rotate casually',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.webhookSecretKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Every registered webhook secret is derived from this key; automatic rotation would silently break every webhook integration at once. Rotation is a deliberate procedure: revoke and re-register the triggers.',
    });

    new CfnOutput(this, 'TableName', { value: this.data.table.tableName, description: 'Single table (admin scripts)' });
    new CfnOutput(this, 'MediaBucketName', { value: this.media.bucket.bucketName, description: 'Media bucket' });
  }
}
