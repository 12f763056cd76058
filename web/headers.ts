// The studio's response headers, defined once: the local front (lib/local/studio-files.ts) sends them,
// and the CDK response-headers policy should send the same (HSTS is added there, on HTTPS only).
// No 'unsafe-inline' or 'unsafe-eval' for scripts: the build emits only external modules, and the MCP
// client's schema validator is @cfworker/json-schema, which compiles nothing (docs/studio.md, CSP).
// Style *attributes* are allowed because React Flow positions every node and edge with them.

export const STUDIO_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const STUDIO_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': STUDIO_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // The callback URL carries the authorization code until the app replaces it; never leak it.
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** Directives that must allow a media origin: players, image previews, uploads and fetched outputs. */
const MEDIA_DIRECTIVES = ['media-src', 'img-src', 'connect-src'] as const;

/**
 * The studio's CSP with `mediaOrigins` (where presigned S3 URLs point: the media bucket in AWS,
 * `https://<bucket>.s3.<region>.amazonaws.com`; the local S3 front, `http://127.0.0.1:<port>`, at home)
 * allowed as media, image and connect sources, so media plays and uploads PUT straight from the page.
 * A directive the base policy lacks starts from `'self'`, as default-src would have given it;
 * `media-src` also allows `blob:` for players fed from memory.
 */
export function studioContentSecurityPolicy(
  options: { readonly mediaOrigins: readonly string[] },
  base: string = STUDIO_CSP,
): string {
  const directives = new Map<string, string[]>();
  for (const directive of base.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  if (!directives.has('media-src')) directives.set('media-src', ["'self'", 'blob:']);
  for (const name of MEDIA_DIRECTIVES) {
    const sources = directives.get(name) ?? ["'self'"];
    directives.set(name, [...sources, ...options.mediaOrigins.filter((origin) => !sources.includes(origin))]);
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** The security headers with the CSP opened to `mediaOrigins` (none: exactly STUDIO_SECURITY_HEADERS). */
export function studioSecurityHeaders(mediaOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  if (mediaOrigins.length === 0) return STUDIO_SECURITY_HEADERS;
  return { ...STUDIO_SECURITY_HEADERS, 'content-security-policy': studioContentSecurityPolicy({ mediaOrigins }) };
}

/** index.html must be revalidated so a deploy is seen at once; hashed assets never change. */
export const INDEX_CACHE_CONTROL = 'no-cache';
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
