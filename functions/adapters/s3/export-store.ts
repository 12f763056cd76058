// adapter: ExportStore on the media bucket, under exports/ (a lifecycle rule expires them; see
// lib/constructs/media-bucket.ts). Uploads stream as a multipart upload (@aws-sdk/lib-storage): parts
// of 5 MiB, two in flight, so memory stays at about 10 MiB whatever the file's size. Downloads are
// presigned GETs that override the response's Content-Type and Content-Disposition, so the link answers
// with the same file name and type as the inline response.
import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ExportStore } from '#core/focus/export';
import type { FocusFile } from '#core/focus/writers';
import { mediaBucketFromEnv, type S3Context } from './media-bucket.ts';

/** S3's smallest part (all but the last); larger parts would only cost memory. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export const attachment = (file: FocusFile) => `attachment; filename="${file.fileName}"`;

async function* utf8(chunks: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
}

export class S3ExportStore implements ExportStore {
  private context?: S3Context;

  private s3() {
    this.context ??= mediaBucketFromEnv();
    return this.context;
  }

  async save(key: string, chunks: AsyncIterable<string>, file: FocusFile): Promise<void> {
    const { client, bucket } = this.s3();
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: key,
        Body: Readable.from(utf8(chunks)),
        ContentType: file.contentType,
        ContentDisposition: attachment(file),
        CacheControl: 'no-store',
      },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      // A failed upload is aborted, not left as parts (the bucket also aborts leftovers after a day).
      leavePartsOnError: false,
    });
    await upload.done();
  }

  downloadUrl(key: string, file: FocusFile, expiresInSeconds: number): Promise<string> {
    const { client, bucket } = this.s3();
    const command = new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ResponseContentType: file.contentType,
      ResponseContentDisposition: attachment(file),
      ResponseCacheControl: 'no-store',
    });
    return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
  }
}
