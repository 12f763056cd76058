// adapter: AssetStorage on the media bucket. Clients PUT bytes straight to S3 through a presigned URL
// whose signature covers the exact Content-Length, Content-Type and (when declared) x-amz-checksum-sha256,
// so S3 itself refuses any other body; the function only signs, inspects (HeadObject), copies server-side
// and deletes. Generated media stream in through generated-asset-storage.ts (kept apart: it bundles lib-storage).
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AssetStorage, PresignedUpload, StoredObject } from '#core/assets/ports';
import { mediaBucketFromEnv, type S3Context } from './media-bucket.ts';

export type { S3Context };

/** The headers a presigned upload binds; the client must send each exactly. */
const SIGNED_UPLOAD_HEADERS = ['content-length', 'content-type'] as const;
const CHECKSUM_HEADER = 'x-amz-checksum-sha256';

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

export class S3AssetStorage implements AssetStorage {
  private context?: S3Context;

  /** Tests pass a context (a client with fixed credentials); functions build it from the environment. */
  constructor(context?: S3Context) {
    this.context = context;
  }

  protected s3(): S3Context {
    this.context ??= mediaBucketFromEnv();
    return this.context;
  }

  async presignUpload(input: Parameters<AssetStorage['presignUpload']>[0]): Promise<PresignedUpload> {
    const { client, bucket } = this.s3();
    const command = new PutObjectCommand({
      Bucket: bucket,
      Key: input.key,
      ContentType: input.contentType,
      ContentLength: input.size,
      ...(input.sha256 ? { ChecksumSHA256: input.sha256 } : {}),
    });
    const url = await getSignedUrl(client, command, {
      expiresIn: input.expiresInSeconds,
      signingDate: input.now,
      // Signed, so S3 refuses a PUT whose length or type differs from the reservation.
      signableHeaders: new Set(SIGNED_UPLOAD_HEADERS),
      // Kept a header (not hoisted into the query string), so S3 checks the body against it.
      unhoistableHeaders: new Set([CHECKSUM_HEADER]),
    });
    const headers: Record<string, string> = { 'Content-Type': input.contentType, 'Content-Length': String(input.size) };
    if (input.sha256) headers[CHECKSUM_HEADER] = input.sha256;
    return {
      url,
      method: 'PUT',
      headers,
      expiresAt: new Date(input.now.getTime() + input.expiresInSeconds * 1000).toISOString(),
    };
  }

  async head(key: string): Promise<StoredObject | undefined> {
    const { client, bucket } = this.s3();
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED' }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType, sha256: head.ChecksumSHA256 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async sha256Of(key: string): Promise<string> {
    const { client, bucket } = this.s3();
    const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const hash = createHash('sha256');
    for await (const chunk of Body as Readable) hash.update(chunk as Buffer);
    return hash.digest('base64');
  }

  async copy(from: string, to: string): Promise<{ versionId: string | null }> {
    const { client, bucket } = this.s3();
    const copied = await client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: to,
        CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        MetadataDirective: 'COPY',
      }),
    );
    return { versionId: copied.VersionId ?? null };
  }

  async delete(key: string, versionId?: string | null): Promise<void> {
    const { client, bucket } = this.s3();
    await client.send(
      new DeleteObjectCommand({ Bucket: bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }),
    );
  }

  downloadUrl(
    key: string,
    input: { fileName: string; contentType: string; expiresInSeconds: number },
  ): Promise<string> {
    const { client, bucket } = this.s3();
    const command = new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ResponseContentType: input.contentType,
      ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(input.fileName)}`,
    });
    return getSignedUrl(client, command, { expiresIn: input.expiresInSeconds });
  }
}
