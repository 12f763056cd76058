// adapter: the S3 client and bucket name every media-bucket adapter uses (blobs, assets, FOCUS
// exports), read from the environment once per store.
import { S3Client } from '@aws-sdk/client-s3';
import { ENV } from '../env.ts';
import { resourceFromEnv } from '../resource-env.ts';

export interface S3Context {
  client: S3Client;
  bucket: string;
}

export function mediaBucketFromEnv(): S3Context {
  const { name, endpoint } = resourceFromEnv(ENV.bucketName, ENV.s3Endpoint, 'the media bucket');
  return {
    client: new S3Client({
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      // Only the checksums we ask for: no CRC32 a presigned URL would then demand of the client, and no
      // chunk framing in streamed uploads to s3rver.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    bucket: name,
  };
}
