// test support: a loopback server speaking the AWS KMS JSON 1.1 protocol for the two calls the
// credential cipher makes (TrentService.GenerateDataKey and TrentService.Decrypt), so the real
// @aws-sdk/client-kms is exercised. Wrapped keys are AES-GCM under a per-server key and bound to the
// encryption context, as KMS binds them; a Decrypt with another context fails as KMS does.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeKms {
  readonly endpoint: string;
  readonly keyId: string;
  /** Every call, in order: the operation and its parsed JSON body. */
  readonly calls: { target: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

const canonical = (context: unknown) =>
  JSON.stringify(Object.entries((context ?? {}) as Record<string, string>).sort());

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

export async function startFakeKms(
  keyId = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab',
): Promise<FakeKms> {
  const masterKey = randomBytes(32);
  const calls: FakeKms['calls'] = [];
  const server = createServer(async (request, response) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const body = await readJson(request);
    calls.push({ target, body });
    const reply = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify(payload));
    };
    if (target === 'TrentService.GenerateDataKey') {
      if (body.KeyId !== keyId) return reply(400, { __type: 'NotFoundException', message: 'Key not found' });
      const dataKey = randomBytes(32);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
      cipher.setAAD(Buffer.from(canonical(body.EncryptionContext)));
      const blob = Buffer.concat([iv, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
      return reply(200, {
        KeyId: keyId,
        Plaintext: dataKey.toString('base64'),
        CiphertextBlob: blob.toString('base64'),
      });
    }
    if (target === 'TrentService.Decrypt') {
      try {
        const blob = Buffer.from(String(body.CiphertextBlob), 'base64');
        const decipher = createDecipheriv('aes-256-gcm', masterKey, blob.subarray(0, 12));
        decipher.setAAD(Buffer.from(canonical(body.EncryptionContext)));
        decipher.setAuthTag(blob.subarray(blob.length - 16));
        const dataKey = Buffer.concat([decipher.update(blob.subarray(12, blob.length - 16)), decipher.final()]);
        return reply(200, { KeyId: keyId, Plaintext: dataKey.toString('base64') });
      } catch {
        return reply(400, {
          __type: 'InvalidCiphertextException',
          message: 'The ciphertext or its encryption context is invalid',
        });
      }
    }
    return reply(400, { __type: 'UnknownOperationException', message: target });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    keyId,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
