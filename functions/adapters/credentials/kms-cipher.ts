// adapter: CredentialCipher on AWS KMS. One GenerateDataKey per secret (AES_256, with the encryption
// context), the plaintext data key used once in memory and dropped; Decrypt unwraps it with the same
// context (KMS refuses any other, and CloudTrail records which workspace's secret was opened).
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import type { CredentialCipher, SealedSecret } from '#core/integrations/ports';
import { contextBytes, decryptWithKey, encryptWithKey } from './envelope.ts';

export class KmsCredentialCipher implements CredentialCipher {
  constructor(
    private readonly keyId: string,
    private readonly client: KMSClient = new KMSClient({ maxAttempts: 3 }),
  ) {}

  async seal(plaintext: string, context: Readonly<Record<string, string>>): Promise<SealedSecret> {
    const { Plaintext, CiphertextBlob } = await this.client.send(
      new GenerateDataKeyCommand({ KeyId: this.keyId, KeySpec: 'AES_256', EncryptionContext: { ...context } }),
    );
    if (!Plaintext || !CiphertextBlob) throw new Error('KMS GenerateDataKey returned no key');
    const dataKey = Buffer.from(Plaintext);
    try {
      const sealed = encryptWithKey(dataKey, Buffer.from(plaintext, 'utf8'), contextBytes(context));
      return {
        keyRef: `kms:${this.keyId}`,
        wrappedKey: Buffer.from(CiphertextBlob).toString('base64'),
        iv: sealed.iv.toString('base64'),
        tag: sealed.tag.toString('base64'),
        ciphertext: sealed.ciphertext.toString('base64'),
      };
    } finally {
      dataKey.fill(0);
      Plaintext.fill(0);
    }
  }

  async open(sealed: SealedSecret, context: Readonly<Record<string, string>>): Promise<string> {
    if (!sealed.keyRef.startsWith('kms:')) throw new Error(`Secret sealed by ${sealed.keyRef.split(':')[0]}, not KMS`);
    const { Plaintext } = await this.client.send(
      new DecryptCommand({
        CiphertextBlob: Buffer.from(sealed.wrappedKey, 'base64'),
        EncryptionContext: { ...context },
        // Pin the key: a ciphertext blob naming another key is refused rather than followed.
        KeyId: sealed.keyRef.slice('kms:'.length),
      }),
    );
    if (!Plaintext) throw new Error('KMS Decrypt returned no key');
    const dataKey = Buffer.from(Plaintext);
    try {
      return decryptWithKey(dataKey, fromBase64(sealed), contextBytes(context)).toString('utf8');
    } finally {
      dataKey.fill(0);
      Plaintext.fill(0);
    }
  }
}

export const fromBase64 = (sealed: SealedSecret) => ({
  iv: Buffer.from(sealed.iv, 'base64'),
  tag: Buffer.from(sealed.tag, 'base64'),
  ciphertext: Buffer.from(sealed.ciphertext, 'base64'),
});
