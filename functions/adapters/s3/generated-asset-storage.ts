// adapter: GeneratedAssetStorage — the asset storage plus a streamed write for generated media: a
// multipart upload (lib-storage: 5 MiB parts, never the whole file in memory), hashed and counted on the
// way. Its own module so that the upload routes, which never write bytes themselves, do not bundle it.
import { createHash } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ValidationError } from '#core/errors';
import type { GeneratedAssetStorage } from '#core/assets/ports';
import { S3AssetStorage } from './asset-storage.ts';

export class S3GeneratedAssetStorage extends S3AssetStorage implements GeneratedAssetStorage {
  async put(key: string, body: Uint8Array | AsyncIterable<Uint8Array> | NodeJS.ReadableStream, contentType: string) {
    const { client, bucket } = this.s3();
    const hash = createHash('sha256');
    let size = 0;
    const source =
      body instanceof Uint8Array ? Readable.from([body]) : Readable.from(body as AsyncIterable<Uint8Array>);
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    // pipeline, not pipe: a failing source destroys `counted` too, so the upload fails instead of hanging.
    pipeline(source, counted, () => undefined);
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: counted, ContentType: contentType },
    });
    const result = await upload.done();
    return {
      size,
      sha256: hash.digest('base64'),
      versionId: ('VersionId' in result ? result.VersionId : undefined) ?? null,
    };
  }

  async read(key: string, maxBytes: number): Promise<Uint8Array> {
    const { client, bucket } = this.s3();
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if ((object.ContentLength ?? 0) > maxBytes) throw new ValidationError(`The asset is larger than ${maxBytes} bytes`);
    return object.Body!.transformToByteArray();
  }
}
