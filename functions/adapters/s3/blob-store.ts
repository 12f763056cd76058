// adapter: BlobStore on the media bucket (private, encrypted, TLS-only); downloads by presigned URL.
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BlobStore } from '#core/runs/blobs';
import { mediaBucketFromEnv, type S3Context } from './media-bucket.ts';

/** How long a download URL handed to a client or a callback receiver works. */
const URL_TTL_SECONDS = 60 * 60;

export class S3BlobStore implements BlobStore {
  private context?: S3Context;

  private s3() {
    this.context ??= mediaBucketFromEnv();
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
