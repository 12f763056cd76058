// The studio's CSP opened to the origin presigned S3 URLs point at: without it the browser blocks the
// asset upload (connect-src), the thumbnails (img-src) and the players (media-src).
import { describe, expect, it } from 'vitest';
import { STUDIO_CSP, STUDIO_SECURITY_HEADERS, studioSecurityHeaders } from '../../../../../web/headers.ts';

const directive = (csp: string, name: string) => csp.split('; ').find((entry) => entry.startsWith(`${name} `));

describe('studioSecurityHeaders', () => {
  it('adds the S3 origin to connect-src, img-src and media-src, and nothing else changes', () => {
    const headers = studioSecurityHeaders(['http://127.0.0.1:4567']);
    const csp = headers['content-security-policy']!;
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:4567");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: http://127.0.0.1:4567");
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob: http://127.0.0.1:4567");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect({ ...headers, 'content-security-policy': STUDIO_CSP }).toEqual(STUDIO_SECURITY_HEADERS);
  });

  it('is the plain policy without media origins', () => {
    expect(studioSecurityHeaders()).toEqual(STUDIO_SECURITY_HEADERS);
    expect(studioSecurityHeaders([])['content-security-policy']).toBe(STUDIO_CSP);
  });
});
