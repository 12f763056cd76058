// unit: the presigned PUT of an upload reservation binds the declared size, type and checksum into its
// signature, and expires when the reservation says. s3rver does not check signatures, so these checks
// are made here, on the URL the real presigner produces.
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { S3AssetStorage } from '#adapters/s3/asset-storage';
import { UPLOAD_URL_TTL_SECONDS } from '#core/assets/use-cases';

const storage = new S3AssetStorage({
  client: new S3Client({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  }),
  bucket: 'media-bucket',
});
const NOW = new Date('2026-11-23T20:00:00.000Z');
const SHA256 = 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=';

describe('presigned upload URL', () => {
  it(
    'signs Content-Length, Content-Type and x-amz-checksum-sha256 as headers, and expires after the upload ' + 'TTL',
    async () => {
      // Act
      const upload = await storage.presignUpload({
        key: 'uploads/pending/ws_a/upl_1',
        contentType: 'video/mp4',
        size: 52_428_800,
        sha256: SHA256,
        expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
        now: NOW,
      });
      // Assess
      const url = new URL(upload.url);
      expect(upload.method).toBe('PUT');
      expect(url.pathname).toBe('/uploads/pending/ws_a/upl_1');
      expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(url.searchParams.get('X-Amz-Date')).toBe('20261123T200000Z');
      expect(url.searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_TTL_SECONDS));
      expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual([
        'content-length',
        'content-type',
        'host',
        'x-amz-checksum-sha256',
      ]);
      // The checksum stays a header S3 checks against the body, not a query parameter.
      expect([...url.searchParams.keys()].map((key) => key.toLowerCase())).not.toContain('x-amz-checksum-sha256');
      expect(upload.headers).toEqual({
        'Content-Type': 'video/mp4',
        'Content-Length': '52428800',
        'x-amz-checksum-sha256': SHA256,
      });
      expect(upload.expiresAt).toBe('2026-11-23T20:15:00.000Z');
      expect(UPLOAD_URL_TTL_SECONDS).toBeLessThanOrEqual(15 * 60);
    },
  );

  it('binds size and type even without a checksum, and asks for no checksum the client did not declare', async () => {
    // Act
    const upload = await storage.presignUpload({
      key: 'uploads/pending/ws_a/upl_2',
      contentType: 'image/png',
      size: 1234,
      sha256: null,
      expiresInSeconds: 300,
      now: NOW,
    });
    // Assess
    const url = new URL(upload.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(['content-length', 'content-type', 'host']);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect([...url.searchParams.keys()].some((key) => /checksum|sdk-checksum/i.test(key))).toBe(false);
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png', 'Content-Length': '1234' });
  });

  it('gives a different signature for a different size, type or checksum (each is part of what is signed)', async () => {
    // Prepare
    const base = {
      key: 'uploads/pending/ws_a/upl_3',
      contentType: 'audio/mpeg',
      size: 1000,
      sha256: SHA256,
      expiresInSeconds: 300,
      now: NOW,
    };
    const signatureOf = async (input: typeof base) =>
      new URL((await storage.presignUpload(input)).url).searchParams.get('X-Amz-Signature');
    // Act
    const [original, bigger, otherType, otherSum] = await Promise.all([
      signatureOf(base),
      signatureOf({ ...base, size: 1001 }),
      signatureOf({ ...base, contentType: 'audio/wav' }),
      signatureOf({ ...base, sha256: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' }),
    ]);
    // Assess
    expect(new Set([original, bigger, otherType, otherSum]).size).toBe(4);
  });
});
