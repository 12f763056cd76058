// adapter: BlobStore on the media bucket (private, encrypted, TLS-only); downloads by presigned URL.
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import * as z from '#core/schema';
import type { BlobStore } from '#core/runs/blobs';
import { ENV } from '../env.ts';

const BlobConfig = z.object({
  [ENV.bucketName]: z.string().check(z.minLength(1, `${ENV.bucketName} must name the media bucket`)),
  [ENV.s3Endpoint]: z.optional(z.url()),
});

/** How long a download URL handed to a client or a callback receiver works. */
const URL_TTL_SECONDS = 60 * 60;

export class S3BlobStore implements BlobStore {
  private context?: { client: S3Client; bucket: string };

  private s3() {
    if (!this.context) {
      const config = BlobConfig.parse(process.env);
      const endpoint = config[ENV.s3Endpoint];
      this.context = {
        client: new S3Client({
          ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
          // Without this, streamed uploads reach s3rver with chunk framing in the object.
          requestChecksumCalculation: 'WHEN_REQUIRED',
        }),
        bucket: config[ENV.bucketName],
      };
    }
    return this.context;
  }

  async put(key: string, json: string): Promise<void> {
    const { client, bucket } = this.s3();
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: json, ContentType: 'application/json' }));
  }

  async get(key: string): Promise<string> {
    const { client, bucket } = this.s3();
    const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!Body) throw new Error(`Blob ${key} is empty`);
    return Body.transformToString('utf8');
  }

  url(key: string): Promise<string> {
    const { client, bucket } = this.s3();
    return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: URL_TTL_SECONDS });
  }
}
