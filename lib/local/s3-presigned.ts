// local: what S3 checks on a presigned request and s3rver does not — the SigV4 signature itself, and
// the body against a digest the client declared. Local mode's S3 endpoint runs every request through
// here before s3rver (s3-local.ts), so a client sees locally the refusals it would get from S3:
//
//   presigned? (X-Amz-Algorithm in the query) ── no ─────────────────────────────────► s3rver
//        │ yes
//   recompute the signature over the request as received ── differs ──► 403 SignatureDoesNotMatch
//        │ same     (another Content-Type, Content-Length or checksum header than was signed)
//   Content-MD5 / x-amz-checksum-* declared? ── no ─────────────────────────────────► s3rver
//        │ yes: the body is spooled to a file and hashed
//   digest differs ──► 400 BadDigest; else the spooled body ──────────────────────────► s3rver
//
// The signature is recomputed by the SDK's own presigner (the code that signed the URL), fed the
// URL's query and the received values of the headers the URL says it signed: any change to the method,
// path, query or a signed header changes the result, exactly as at S3.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';

/** What verifyPresigned decided: go on to s3rver, or answer this S3 error. */
export type PresignedCheck = { ok: true } | { ok: false; error: S3Error };

export interface S3Error {
  status: number;
  code: string;
  message: string;
}

/** S3's answer to a request whose signature does not match (a signed header was changed). */
export const SIGNATURE_DOES_NOT_MATCH: S3Error = {
  status: 403,
  code: 'SignatureDoesNotMatch',
  message:
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
};

/** True when the request authenticates by query (a presigned URL), the case checked here. */
export function isPresigned(url: URL): boolean {
  return url.searchParams.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256' && url.searchParams.has('X-Amz-Signature');
}

/**
 * Recomputes the presigned URL's signature over `request` as received. `credentials` are the only
 * ones local mode knows; a URL signed by another key is left to s3rver (InvalidAccessKeyId).
 */
export async function verifyPresignedSignature(
  request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
  credentials: { accessKeyId: string; secretAccessKey: string },
): Promise<PresignedCheck> {
  const raw = request.url ?? '/';
  const queryStart = raw.indexOf('?');
  const path = queryStart === -1 ? raw : raw.slice(0, queryStart);
  const query = parseQuery(queryStart === -1 ? '' : raw.slice(queryStart + 1));
  const signature = single(query['X-Amz-Signature']);
  const [accessKeyId, , region, service] = (single(query['X-Amz-Credential']) ?? '').split('/');
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(single(query['X-Amz-Date']) ?? '');
  const expiresIn = Number(single(query['X-Amz-Expires']));
  const signedHeaders = (single(query['X-Amz-SignedHeaders']) ?? '').split(';').filter(Boolean);
  if (!signature || !region || !service || !date || !Number.isInteger(expiresIn) || signedHeaders.length === 0)
    return { ok: false, error: SIGNATURE_DOES_NOT_MATCH };
  if (accessKeyId !== credentials.accessKeyId) return { ok: true };

  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = request.headers[name];
    // A signed header that is missing cannot match what was signed.
    if (value === undefined) return { ok: false, error: SIGNATURE_DOES_NOT_MATCH };
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const { 'X-Amz-Signature': _signature, ...unsigned } = query;

  const presigner = new S3RequestPresigner({ credentials, region, service, sha256: Sha256, uriEscapePath: false });
  const [, year, month, day, hours, minutes, seconds] = date.map(Number) as number[];
  const recomputed = await presigner.presign(
    {
      method: request.method ?? 'GET',
      protocol: 'http:',
      hostname: 'localhost',
      path,
      query: unsigned,
      headers,
    } as never,
    {
      signingDate: new Date(Date.UTC(year!, month! - 1, day!, hours!, minutes!, seconds!)),
      expiresIn,
      signingRegion: region,
      signingService: service,
      signableHeaders: new Set(signedHeaders),
      // Kept as they came: each header here was signed as a header, not moved into the query.
      unhoistableHeaders: new Set(Object.keys(headers)),
    },
  );
  const expected = Buffer.from(String((recomputed.query as Record<string, string>)['X-Amz-Signature']));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { ok: true }
    : { ok: false, error: SIGNATURE_DOES_NOT_MATCH };
}

/** The digests S3 checks a body against, by request header: its algorithm and encoding. */
const DIGEST_HEADERS: Record<string, { algorithm: string; label: string }> = {
  'content-md5': { algorithm: 'md5', label: 'Content-MD5' },
  'x-amz-checksum-sha256': { algorithm: 'sha256', label: 'SHA256' },
  'x-amz-checksum-sha1': { algorithm: 'sha1', label: 'SHA1' },
};

/** The declared digests of `headers` this module can check (CRC ones are left to finalize). */
export function declaredDigests(
  headers: IncomingMessage['headers'],
): { header: string; algorithm: string; label: string; value: string }[] {
  return Object.entries(DIGEST_HEADERS).flatMap(([header, spec]) => {
    const value = headers[header];
    return typeof value === 'string' ? [{ header, ...spec, value }] : [];
  });
}

/** S3's BadDigest for the first declared digest the body does not match, if any. */
export function digestMismatch(
  declared: ReturnType<typeof declaredDigests>,
  computed: ReadonlyMap<string, string>,
): S3Error | undefined {
  const wrong = declared.find((digest) => computed.get(digest.algorithm) !== digest.value);
  if (!wrong) return undefined;
  return {
    status: 400,
    code: 'BadDigest',
    message:
      wrong.header === 'content-md5'
        ? 'The Content-MD5 you specified did not match what we received.'
        : `The ${wrong.label} you specified did not match the calculated checksum.`,
  };
}

/** S3's error document. */
export function errorXml(error: S3Error, resource: string): string {
  const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message><Resource>${escapeXml(resource)}</Resource>` +
    `<RequestId>${randomUUID()}</RequestId></Error>`
  );
}

/** Query parameters, percent-decoded as the signer escapes them (a `+` is a plus, not a space). */
function parseQuery(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const key = safeDecode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : safeDecode(pair.slice(equals + 1));
    const existing = query[key];
    query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

/** The SDK's Checksum interface over node:crypto (an HMAC when given a secret). */
class Sha256 {
  private hash;
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = this.fresh();
  }
  update(data: Uint8Array): void {
    this.hash.update(data);
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
  private fresh() {
    const secret = this.secret;
    if (secret === undefined) return createHash('sha256');
    const key =
      typeof secret === 'string'
        ? secret
        : ArrayBuffer.isView(secret)
          ? Buffer.from(secret.buffer, secret.byteOffset, secret.byteLength)
          : Buffer.from(secret);
    return createHmac('sha256', key);
  }
}
