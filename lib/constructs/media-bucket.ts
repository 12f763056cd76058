// infra: the private S3 bucket for media and large exports. Clients never see it directly: the API
// hands out presigned PUT/GET URLs, so the bucket blocks all public access and only speaks TLS.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EXPORT_KEY_PREFIX } from '#core/focus/export';
import { PENDING_PREFIX as PENDING_UPLOAD_PREFIX } from '#core/assets/model';
import { compliantKey, isStrict } from './compliance.ts';

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
  /** The media bucket's own key, in compliance mode strict only (SSE-KMS); otherwise SSE-S3 and none. */
  readonly key?: kms.Key;

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
        'This bucket is itself the destination of the media bucket server access logs; logging it into another bucket would only move the same question one bucket further.',
    });

    // Strict: SSE-KMS under a key of its own, retained with the bucket (objects written under it are
    // unreadable without it). Functions get Decrypt/GenerateDataKey with their bucket grant (bindBucket);
    // S3 Bucket Keys keep the KMS calls per object low. The access log bucket stays SSE-S3: S3 server
    // access logging delivers only to SSE-S3 buckets.
    this.key = isStrict(this)
      ? compliantKey(this, 'Key', { description: 'Encrypts the media bucket (compliance mode strict)', removalPolicy })
      : undefined;
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      ...(this.key
        ? { encryption: s3.BucketEncryption.KMS, encryptionKey: this.key, bucketKeyEnabled: true }
        : { encryption: s3.BucketEncryption.S3_MANAGED }),
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
