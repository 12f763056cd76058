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

/** index.html must be revalidated so a deploy is seen at once; hashed assets never change. */
export const INDEX_CACHE_CONTROL = 'no-cache';
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
