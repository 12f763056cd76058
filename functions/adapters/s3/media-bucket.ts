// adapter: the S3 client and bucket name every media-bucket adapter uses (blobs, assets, FOCUS
// exports), read from the environment once per store.
import { S3Client } from '@aws-sdk/client-s3';
import * as z from '#core/schema';
import { ENV } from '../env.ts';

const MediaBucketConfig = z.object({
  [ENV.bucketName]: z.string().check(z.minLength(1, `${ENV.bucketName} must name the media bucket`)),
  [ENV.s3Endpoint]: z.optional(z.url()),
});

export interface S3Context {
  client: S3Client;
  bucket: string;
}

export function mediaBucketFromEnv(): S3Context {
  const config = MediaBucketConfig.parse(process.env);
  const endpoint = config[ENV.s3Endpoint];
  return {
    client: new S3Client({
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      // Only the checksums we ask for: no CRC32 a presigned URL would then demand of the client, and no
      // chunk framing in streamed uploads to s3rver.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    bucket: config[ENV.bucketName],
  };
}
