// Envelope encryption of stored credentials: the local master-key cipher and the KMS cipher (real
// @aws-sdk/client-kms against a loopback server speaking the KMS wire protocol).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { KMSClient } from '@aws-sdk/client-kms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialCipher, SealedSecret } from '#core/integrations/ports';
import { KmsCredentialCipher } from '#adapters/credentials/kms-cipher';
import { LocalCredentialCipher, loadOrCreateMasterKey } from '#adapters/credentials/local-cipher';
import { startFakeKms, type FakeKms } from '../../../support/fakes/kms-server.ts';
import { tempFolders } from '../../../support/temp-folders.ts';

const SECRET = '{"apiKey":"3f1c2b7a-0d4e:9a8b7c6d5e4f3a2b1c0dx9Qz"}';
const CONTEXT = { workspaceId: 'ws_a', provider: 'provider-two' };
const newFolder = tempFolders('credential-cipher');

function behavesAsEnvelope(name: string, cipher: () => CredentialCipher) {
  describe(name, () => {
    it('round-trips, and nothing sealed contains the plaintext', async () => {
      const sealed = await cipher().seal(SECRET, CONTEXT);
      expect(JSON.stringify(sealed)).not.toContain('9a8b7c6d5e4f3a2b1c0d');
      expect(Buffer.from(sealed.ciphertext, 'base64').toString('utf8')).not.toContain('apiKey');
      expect(await cipher().open(sealed, CONTEXT)).toBe(SECRET);
    });

    it('uses a fresh data key and nonce for every secret', async () => {
      const [first, second] = [await cipher().seal(SECRET, CONTEXT), await cipher().seal(SECRET, CONTEXT)];
      expect(first.wrappedKey).not.toBe(second.wrappedKey);
      expect(first.iv).not.toBe(second.iv);
      expect(first.ciphertext).not.toBe(second.ciphertext);
    });

    it('refuses another workspace context (a ciphertext copied to another record does not open)', async () => {
      const sealed = await cipher().seal(SECRET, CONTEXT);
      await expect(cipher().open(sealed, { ...CONTEXT, workspaceId: 'ws_b' })).rejects.toThrow();
    });

    it('refuses a tampered ciphertext or tag', async () => {
      const sealed = await cipher().seal(SECRET, CONTEXT);
      const flip = (base64: string) => {
        const bytes = Buffer.from(base64, 'base64');
        bytes[0]! ^= 1;
        return bytes.toString('base64');
      };
      const tampered: SealedSecret[] = [
        { ...sealed, ciphertext: flip(sealed.ciphertext) },
        { ...sealed, tag: flip(sealed.tag) },
        { ...sealed, wrappedKey: flip(sealed.wrappedKey) },
      ];
      for (const candidate of tampered) await expect(cipher().open(candidate, CONTEXT)).rejects.toThrow();
    });
  });
}

describe('local master key file', () => {
  it('is created once with mode 0600 and reused', () => {
    const file = path.join(newFolder(), 'nested', 'credentials-master.key');
    const first = loadOrCreateMasterKey(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateMasterKey(file).equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').length).toBe(32);
  });

  it('a secret sealed under one master key is refused by another', async () => {
    const a = new LocalCredentialCipher(loadOrCreateMasterKey(path.join(newFolder(), 'a.key')));
    const b = new LocalCredentialCipher(loadOrCreateMasterKey(path.join(newFolder(), 'b.key')));
    await expect(b.open(await a.seal(SECRET, CONTEXT), CONTEXT)).rejects.toThrow(/not this master key/);
  });
});

let local: LocalCredentialCipher;
let kms: FakeKms;
let kmsCipher: KmsCredentialCipher;
beforeAll(async () => {
  local = new LocalCredentialCipher(loadOrCreateMasterKey(path.join(newFolder(), 'master.key')));
  kms = await startFakeKms();
  const client = new KMSClient({
    endpoint: kms.endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  kmsCipher = new KmsCredentialCipher(kms.keyId, client);
});
afterAll(() => kms.close());

behavesAsEnvelope('LocalCredentialCipher', () => local);
behavesAsEnvelope('KmsCredentialCipher', () => kmsCipher);

describe('KmsCredentialCipher on the wire', () => {
  it('asks for one AES_256 data key per secret with the encryption context, and pins the key on Decrypt', async () => {
    kms.calls.length = 0;
    const sealed = await kmsCipher.seal(SECRET, CONTEXT);
    await kmsCipher.open(sealed, CONTEXT);
    expect(kms.calls.map((call) => call.target)).toEqual(['TrentService.GenerateDataKey', 'TrentService.Decrypt']);
    expect(kms.calls[0]!.body).toEqual({ KeyId: kms.keyId, KeySpec: 'AES_256', EncryptionContext: CONTEXT });
    expect(kms.calls[1]!.body).toMatchObject({ KeyId: kms.keyId, EncryptionContext: CONTEXT });
    // The plaintext never travels to KMS: only the data key is wrapped there.
    expect(JSON.stringify(kms.calls)).not.toContain('9a8b7c6d5e4f3a2b1c0d');
    expect(sealed.keyRef).toBe(`kms:${kms.keyId}`);
  });
});
