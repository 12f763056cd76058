// adapter: the symmetric half of envelope encryption — AES-256-GCM under a one-use data key, with the
// encryption context bound as additional authenticated data. Who wraps the data key is the caller's
// business (KMS in AWS, the local master key in local mode).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;

/** Canonical bytes of an encryption context: sorted keys, so the same context always gives the same AAD. */
export function contextBytes(context: Readonly<Record<string, string>>): Buffer {
  return Buffer.from(
    JSON.stringify(
      Object.keys(context)
        .sort()
        .map((key) => [key, context[key]]),
    ),
    'utf8',
  );
}

export function encryptWithKey(
  key: Buffer,
  plaintext: Buffer,
  aad: Buffer,
): { iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

/** Throws (`Unsupported state or unable to authenticate data`) if anything was altered or the AAD differs. */
export function decryptWithKey(
  key: Buffer,
  sealed: { iv: Buffer; tag: Buffer; ciphertext: Buffer },
  aad: Buffer,
): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}
