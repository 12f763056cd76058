// The checksum S3 checks the uploaded body against: base64 of the SHA-256 digest, as the
// x-amz-checksum-sha256 header carries it. Declared at reserve, signed into the URL, so a corrupted
// or swapped body is refused by S3 and nothing is stored.

/** The part of SubtleCrypto used here (typed locally: the unit tests compile without the DOM types). */
export interface Digester {
  digest(algorithm: 'SHA-256', data: ArrayBuffer | Uint8Array): Promise<ArrayBuffer>;
}

const webCrypto = () => (globalThis as unknown as { crypto: { subtle: Digester } }).crypto.subtle;

export async function sha256Base64(bytes: ArrayBuffer | Uint8Array, subtle: Digester = webCrypto()): Promise<string> {
  return toBase64(new Uint8Array(await subtle.digest('SHA-256', bytes)));
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
