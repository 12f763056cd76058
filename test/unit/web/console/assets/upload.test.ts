// The upload's order of calls and what each carries, against a fake gateway and a fake PUT.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG } from '../../../../support/fixtures/images.ts';
import { ToolError, type ToolClient } from '../../../../../web/src/mcp/tools.ts';
import {
  headersToSend,
  uploadFile,
  type PutRequest,
  type UploadPhase,
} from '../../../../../web/src/console/assets/upload.ts';
import { storageRefusal } from '../../../../../web/src/console/assets/storage-refusal.ts';

const SHA = createHash('sha256').update(ONE_PIXEL_PNG).digest('base64');

function fakeGateway(answers: Record<string, (args: Record<string, unknown>) => unknown>) {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  const tools: ToolClient = {
    async call<T>(name: string, args: Record<string, unknown>): Promise<T> {
      calls.push({ name, args });
      const answer = answers[name];
      if (!answer) throw new Error(`unexpected call ${name}`);
      return answer(args) as T;
    },
  };
  return { tools, calls };
}

const reservation = {
  uploadId: 'upl_1',
  assetId: 'ast_1',
  kind: 'image',
  upload: {
    url: 'http://127.0.0.1:9000/media/uploads/pending/x?X-Amz-Signature=s',
    method: 'PUT',
    headers: { 'Content-Type': 'image/png', 'Content-Length': '70', 'x-amz-checksum-sha256': SHA },
    expiresAt: '2030-01-01T00:00:00Z',
  },
  reservationExpiresAt: '2030-01-02T00:00:00Z',
};
const pixel = () => new File([ONE_PIXEL_PNG], 'pixel.png', { type: 'image/png' });

describe('uploadFile', () => {
  it('reserves with the checksum, PUTs the signed headers with progress, then finalizes', async () => {
    const { tools, calls } = fakeGateway({
      reserve_asset_upload: () => reservation,
      finalize_asset_upload: () => ({ id: 'ast_1', name: 'pixel.png' }),
    });
    const puts: PutRequest[] = [];
    const phases: UploadPhase[] = [];
    const progress: number[] = [];
    const asset = await uploadFile(tools, pixel(), {
      folder: '/brand',
      tags: ['logo'],
      put: async (request, onProgress) => {
        puts.push(request);
        onProgress(35, 70);
        onProgress(70, 70);
      },
      onPhase: (phase) => phases.push(phase),
      onProgress: (loaded) => progress.push(loaded),
    });

    expect(asset).toEqual({ id: 'ast_1', name: 'pixel.png' });
    expect(calls).toEqual([
      {
        name: 'reserve_asset_upload',
        args: { name: 'pixel.png', contentType: 'image/png', size: 70, sha256: SHA, folder: '/brand', tags: ['logo'] },
      },
      { name: 'finalize_asset_upload', args: { uploadId: 'upl_1' } },
    ]);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.url).toBe(reservation.upload.url);
    // Content-Length is the browser's to set (from the body); every other signed header goes as signed.
    expect(puts[0]!.headers).toEqual({ 'Content-Type': 'image/png', 'x-amz-checksum-sha256': SHA });
    expect(puts[0]!.body.size).toBe(70);
    expect(phases).toEqual(['hashing', 'reserving', 'sending', 'finishing']);
    expect(progress).toEqual([35, 70]);
  });

  it('sends no folder or tags when none are chosen', async () => {
    const { tools, calls } = fakeGateway({
      reserve_asset_upload: () => reservation,
      finalize_asset_upload: () => ({ id: 'ast_1' }),
    });
    await uploadFile(tools, pixel(), { tags: [], put: async () => undefined });
    expect(calls[0]!.args).toEqual({ name: 'pixel.png', contentType: 'image/png', size: 70, sha256: SHA });
  });

  it('cancels the reservation when the PUT fails, and reports the PUT’s reason', async () => {
    const { tools, calls } = fakeGateway({
      reserve_asset_upload: () => reservation,
      cancel_asset_upload: () => ({ cancelled: true }),
    });
    const refused = new Error('Storage refused the file: 400 BadDigest');
    await expect(uploadFile(tools, pixel(), { put: async () => Promise.reject(refused) })).rejects.toBe(refused);
    expect(calls.map((call) => call.name)).toEqual(['reserve_asset_upload', 'cancel_asset_upload']);
    expect(calls[1]!.args).toEqual({ uploadId: 'upl_1' });
  });

  it('cancels when finalize is refused, and a lost cancel does not hide the refusal', async () => {
    const conflict = new ToolError('Upload upl_1 has no bytes yet', 409);
    const { tools, calls } = fakeGateway({
      reserve_asset_upload: () => reservation,
      finalize_asset_upload: () => Promise.reject(conflict),
      cancel_asset_upload: () => Promise.reject(new Error('offline')),
    });
    await expect(uploadFile(tools, pixel(), { put: async () => undefined })).rejects.toBe(conflict);
    expect(calls.map((call) => call.name)).toEqual([
      'reserve_asset_upload',
      'finalize_asset_upload',
      'cancel_asset_upload',
    ]);
  });

  it('reserves nothing when the file cannot be read', async () => {
    const { tools, calls } = fakeGateway({});
    const unreadable = Object.assign(pixel(), { arrayBuffer: () => Promise.reject(new Error('NotReadableError')) });
    await expect(uploadFile(tools, unreadable, { put: async () => undefined })).rejects.toThrow('NotReadableError');
    expect(calls).toEqual([]);
  });
});

describe('headersToSend', () => {
  it('drops only what the browser sets itself, in any case', () => {
    expect(
      headersToSend({ 'content-length': '5', Host: 'x', 'Content-Type': 'audio/mpeg', 'X-Amz-Checksum-Sha256': 'abc' }),
    ).toEqual({ 'Content-Type': 'audio/mpeg', 'X-Amz-Checksum-Sha256': 'abc' });
  });
});

describe('storageRefusal', () => {
  it('says what S3’s error code means here', () => {
    const xml =
      '<?xml version="1.0"?><Error><Code>BadDigest</Code><Message>The sha256 you specified did not match the calculated checksum.</Message></Error>';
    expect(storageRefusal(400, xml)).toBe(
      'Storage refused the file: 400 BadDigest (the bytes received do not match the file’s checksum). The sha256 you specified did not match the calculated checksum. Try again.',
    );
    expect(storageRefusal(503, '')).toBe('Storage refused the file: 503. Try again.');
  });
});
