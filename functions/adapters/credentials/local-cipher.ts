// adapter: CredentialCipher for local mode — the same envelope as in AWS, with the data key wrapped by
// a 256-bit master key kept in a file under DATA_DIR (created with mode 0600 on first use). Deleting the
// file makes every stored credential unreadable, as disabling the KMS key would.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CredentialCipher, SealedSecret } from '#core/integrations/ports';
import { contextBytes, decryptWithKey, encryptWithKey } from './envelope.ts';
import { fromBase64 } from './kms-cipher.ts';

const MASTER_KEY_BYTES = 32;

/** Reads the master key file, creating it (exclusively, 0600) when it does not exist. */
export function loadOrCreateMasterKey(file: string): Buffer {
  try {
    return decodeKey(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(MASTER_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return decodeKey(readFileSync(file, 'utf8'), file);
}

function decodeKey(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== MASTER_KEY_BYTES) throw new Error(`${file} must hold a base64 256-bit key`);
  return key;
}

export class LocalCredentialCipher implements CredentialCipher {
  private readonly keyRef: string;

  constructor(private readonly masterKey: Buffer) {
    // Names the master key without revealing it, so a secret sealed under another file is recognised.
    this.keyRef = `local:${createHash('sha256').update(masterKey).digest('hex').slice(0, 16)}`;
  }

  async seal(plaintext: string, context: Readonly<Record<string, string>>): Promise<SealedSecret> {
    const dataKey = randomBytes(32);
    try {
      const aad = contextBytes(context);
      const wrapped = encryptWithKey(this.masterKey, dataKey, aad);
      const sealed = encryptWithKey(dataKey, Buffer.from(plaintext, 'utf8'), aad);
      return {
        keyRef: this.keyRef,
        wrappedKey: Buffer.concat([wrapped.iv, wrapped.tag, wrapped.ciphertext]).toString('base64'),
        iv: sealed.iv.toString('base64'),
        tag: sealed.tag.toString('base64'),
        ciphertext: sealed.ciphertext.toString('base64'),
      };
    } finally {
      dataKey.fill(0);
    }
  }

  async open(sealed: SealedSecret, context: Readonly<Record<string, string>>): Promise<string> {
    if (sealed.keyRef !== this.keyRef) throw new Error(`Secret sealed under ${sealed.keyRef}, not this master key`);
    const aad = contextBytes(context);
    const wrapped = Buffer.from(sealed.wrappedKey, 'base64');
    const dataKey = decryptWithKey(
      this.masterKey,
      { iv: wrapped.subarray(0, 12), tag: wrapped.subarray(12, 28), ciphertext: wrapped.subarray(28) },
      aad,
    );
    try {
      return decryptWithKey(dataKey, fromBase64(sealed), aad).toString('utf8');
    } finally {
      dataKey.fill(0);
    }
  }
}
