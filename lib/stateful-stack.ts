// infra: what must survive every deployment — the single table and the media bucket. Termination
// protection, RETAIN removal policies, no physical names; the stateless stack receives them as props.
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { DataTable } from './constructs/data-table.ts';
import { MediaBucket } from './constructs/media-bucket.ts';

export class StatefulStack extends Stack {
  readonly data: DataTable;
  readonly media: MediaBucket;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, { terminationProtection: true, ...props });
    // Construct ids 'DataTable' and 'Media' are part of the logical ids: never rename them.
    this.data = new DataTable(this, 'DataTable');
    this.media = new MediaBucket(this, 'Media');

    new CfnOutput(this, 'TableName', { value: this.data.table.tableName, description: 'Single table (admin scripts)' });
    new CfnOutput(this, 'MediaBucketName', { value: this.media.bucket.bucketName, description: 'Media bucket' });
  }
}
