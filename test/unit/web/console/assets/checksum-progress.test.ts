import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG } from '../../../../support/fixtures/images.ts';
import { sha256Base64, toBase64 } from '../../../../../web/src/console/assets/checksum.ts';
import { formatBytes, percent, progressText } from '../../../../../web/src/console/assets/progress.ts';

describe('sha256Base64', () => {
  it('is the base64 digest S3 checks as x-amz-checksum-sha256', async () => {
    const bytes = new Uint8Array(ONE_PIXEL_PNG);
    expect(await sha256Base64(bytes, webcrypto.subtle)).toBe(
      createHash('sha256').update(ONE_PIXEL_PNG).digest('base64'),
    );
    expect(await sha256Base64(new Uint8Array(0), webcrypto.subtle)).toBe(
      '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
    );
  });

  it('encodes every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(toBase64(all)).toBe(Buffer.from(all).toString('base64'));
  });
});

describe('upload progress', () => {
  it('reaches 100 only when every byte is sent', () => {
    expect(percent(0, 70)).toBe(0);
    expect(percent(35, 70)).toBe(50);
    expect(percent(999_999, 1_000_000)).toBe(99);
    expect(percent(70, 70)).toBe(100);
    expect(percent(80, 70)).toBe(100);
  });

  it('is 0 for an unknown or zero total, never NaN', () => {
    expect(percent(10, 0)).toBe(0);
    expect(percent(10, Number.NaN)).toBe(0);
    expect(percent(-5, 10)).toBe(0);
  });

  it('shows sizes as file managers do', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(70)).toBe('70 bytes');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(2_000_000)).toBe('2 MB');
    expect(formatBytes(123_456_789)).toBe('123 MB');
    expect(formatBytes(5_000_000_000)).toBe('5 GB');
  });

  it('words the bar', () => {
    expect(progressText(35, 70)).toBe('50 % — 35 bytes of 70 bytes');
    expect(progressText(90, 70)).toBe('100 % — 70 bytes of 70 bytes');
  });
});
