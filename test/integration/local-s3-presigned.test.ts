// integration: local mode's S3 endpoint (s3rver behind lib/local/s3-local.ts) refuses a presigned PUT
// as S3 does — another Content-Type or Content-Length than was signed, a missing or changed signed
// header, another path: 403 SignatureDoesNotMatch; a body that does not match its declared
// x-amz-checksum-sha256 or Content-MD5: 400 BadDigest — and stores nothing then. URLs are signed by the
// service's own adapter (S3AssetStorage.presignUpload), against the run's shared local S3.
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { S3AssetStorage } from '#adapters/s3/asset-storage';

const storage = new S3AssetStorage();
const bytes = Buffer.from('the bytes that were reserved\n'.repeat(20));
const sha256 = createHash('sha256').update(bytes).digest('base64');

async function presigned(options: { sha256?: boolean } = {}) {
  const key = `presigned-test/${randomUUID()}.txt`;
  const upload = await storage.presignUpload({
    key,
    contentType: 'text/plain',
    size: bytes.length,
    sha256: options.sha256 === false ? null : sha256,
    expiresInSeconds: 300,
    now: new Date(),
  });
  // fetch sets Content-Length from the body itself.
  const { 'Content-Length': _length, ...headers } = upload.headers;
  return { key, url: upload.url, headers };
}

async function put(url: string, headers: Record<string, string>, body: Buffer) {
  const answer = await fetch(url, { method: 'PUT', headers, body });
  return { status: answer.status, text: await answer.text() };
}

const code = (xml: string) => /<Code>([^<]+)<\/Code>/.exec(xml)?.[1];

describe('local S3: presigned PUTs are checked as S3 checks them', () => {
  it('stores the body that matches what was signed', async () => {
    // Prepare
    const { key, url, headers } = await presigned();

    // Act
    const answer = await put(url, headers, bytes);

    // Assess
    expect(answer.status, answer.text).toBe(200);
    expect(await storage.head(key)).toMatchObject({ size: bytes.length, contentType: 'text/plain' });
  });

  it.each([
    ['another Content-Type', (headers: Record<string, string>) => ({ ...headers, 'Content-Type': 'text/html' }), bytes],
    ['another length', (headers: Record<string, string>) => headers, Buffer.concat([bytes, Buffer.from('more')])],
    [
      'no checksum header',
      ({ 'x-amz-checksum-sha256': _checksum, ...headers }: Record<string, string>) => headers,
      bytes,
    ],
    [
      'another checksum header',
      (headers: Record<string, string>) => ({
        ...headers,
        'x-amz-checksum-sha256': createHash('sha256').update('other').digest('base64'),
      }),
      bytes,
    ],
  ])('refuses %s with 403 SignatureDoesNotMatch and stores nothing', async (_case, change, body) => {
    // Prepare
    const { key, url, headers } = await presigned();

    // Act
    const answer = await put(url, change(headers), body);

    // Assess
    expect(answer.status).toBe(403);
    expect(code(answer.text)).toBe('SignatureDoesNotMatch');
    expect(await storage.head(key)).toBeUndefined();
  });

  it('refuses the URL used for another key with 403 SignatureDoesNotMatch', async () => {
    // Prepare
    const { url, headers } = await presigned();
    const other = new URL(url);
    other.pathname = other.pathname.replace(/[^/]+$/, 'elsewhere.txt');

    // Act
    const answer = await put(other.toString(), headers, bytes);

    // Assess
    expect(answer.status).toBe(403);
    expect(code(answer.text)).toBe('SignatureDoesNotMatch');
  });

  it('refuses a body of the signed length whose SHA-256 differs from the signed checksum with 400 BadDigest, storing nothing', async () => {
    // Prepare
    const { key, url, headers } = await presigned();
    const tampered = Buffer.from(bytes);
    tampered[0] = tampered[0]! ^ 0xff;

    // Act
    const answer = await put(url, headers, tampered);

    // Assess
    expect(answer.status).toBe(400);
    expect(code(answer.text)).toBe('BadDigest');
    expect(await storage.head(key)).toBeUndefined();
  });

  it('checks a Content-MD5 the client adds (unsigned, as S3 allows): 400 BadDigest when wrong, stored when right', async () => {
    // Prepare: a URL that signs no checksum
    const wrong = await presigned({ sha256: false });
    const right = await presigned({ sha256: false });
    const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('base64');

    // Act
    const refused = await put(wrong.url, { ...wrong.headers, 'Content-MD5': md5('other') }, bytes);
    const stored = await put(right.url, { ...right.headers, 'Content-MD5': md5(bytes) }, bytes);

    // Assess
    expect(refused.status).toBe(400);
    expect(code(refused.text)).toBe('BadDigest');
    expect(await storage.head(wrong.key)).toBeUndefined();
    expect(stored.status, stored.text).toBe(200);
    expect(await storage.head(right.key)).toMatchObject({ size: bytes.length });
  });

  it('lets a web page read a refusal: the error answer carries the CORS header, as S3’s does', async () => {
    // Prepare
    const { url, headers } = await presigned();

    // Act
    const answer = await fetch(url, {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'text/html', origin: 'http://127.0.0.1:3000' },
      body: bytes,
    });

    // Assess
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(code(await answer.text())).toBe('SignatureDoesNotMatch');
  });
});
