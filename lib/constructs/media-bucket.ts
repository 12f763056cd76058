// infra: the private S3 bucket for media and large exports. Clients never see it directly: the API
// hands out presigned PUT/GET URLs, so the bucket blocks all public access and only speaks TLS.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EXPORT_KEY_PREFIX } from '#core/focus/export';
import { PENDING_PREFIX as PENDING_UPLOAD_PREFIX } from '#core/assets/model';

/** Options of the media bucket. */
export interface MediaBucketProps {
  /**
   * Origins allowed to use presigned URLs from a browser (CORS).
   * The signature in the URL is the authorization, so the origin list only limits which web pages may
   * read the response.
   * @default ['*']
   */
  readonly corsAllowedOrigins?: string[];
  /**
   * How long server access logs are kept.
   * @default Duration.days(365)
   */
  readonly accessLogRetention?: Duration;
  /**
   * What happens to both buckets when they leave the stack.
   * @default RemovalPolicy.RETAIN — media is customer data
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * How long a stored FOCUS export (under `exports/`) is kept; its download link expires long before.
   * @default Duration.days(1)
   */
  readonly exportRetention?: Duration;
}

/**
 * Media bucket plus the bucket that receives its server access logs. Construct ids are fixed
 * ('Bucket', 'AccessLogs') so logical ids never change (test/infra pins them).
 */
export class MediaBucket extends Construct {
  readonly bucket: s3.Bucket;
  readonly accessLogs: s3.Bucket;

  constructor(scope: Construct, id: string, props: MediaBucketProps = {}) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;

    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [
        { id: 'expire-access-logs', expiration: props.accessLogRetention ?? Duration.days(365) },
        { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy,
    });
    Validations.of(this.accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket is itself the destination of the media bucket server access logs; logging it into ' +
        'another bucket would only move the same question one bucket further.',
    });

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'media/',
      lifecycleRules: [
        { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Versioning protects against an accidental overwrite; old versions need not live forever.
        { id: 'expire-noncurrent-versions', noncurrentVersionExpiration: Duration.days(30) },
        // FOCUS exports too large for a response (functions/core/focus/export.ts, EXPORT_KEY_PREFIX): the
        // download link lives minutes, the object a day; its noncurrent version goes a day after that.
        {
          id: 'expire-exports',
          prefix: EXPORT_KEY_PREFIX,
          expiration: props.exportRetention ?? Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        // Presigned uploads land under the pending prefix; finalize copies them to their durable key and
        // deletes the pending object. Abandoned ones (never finalized, a lost delete) go after a day,
        // with their versions and delete markers, matching the reservation's 24 h TTL.
        {
          id: 'expire-pending-uploads',
          prefix: PENDING_UPLOAD_PREFIX,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      cors: [
        {
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.PUT, s3.HttpMethods.HEAD],
          allowedOrigins: props.corsAllowedOrigins ?? ['*'],
          // Browser PUTs to presigned URLs send Content-Type and x-amz-checksum-sha256 (signed headers).
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'x-amz-checksum-sha256', 'x-amz-version-id'],
          maxAge: 3000,
        },
      ],
      removalPolicy,
    });
  }
}
