// S3 answers a refused PUT with XML (<Code>, <Message>); this says what it means, in words.

const MEANING: Record<string, string> = {
  SignatureDoesNotMatch: 'the file changed since the upload was prepared, or the upload link was altered',
  BadDigest: 'the bytes received do not match the file’s checksum',
  AccessDenied: 'the upload link has expired',
  RequestTimeTooSkewed: 'this computer’s clock is wrong',
};

export function storageRefusal(status: number, body: string): string {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  const why = code && MEANING[code] ? ` (${MEANING[code]})` : '';
  const said = message ? ` ${message}` : '';
  return `Storage refused the file: ${status}${code ? ` ${code}` : ''}${why}.${said} Try again.`;
}
