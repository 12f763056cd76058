// Allowed origins as typed: one per line, normalised as the URL standard writes them, mistakes named.
import { describe, expect, it } from 'vitest';
import { parseOrigins } from '../../../../../web/src/console/integrations/origins.ts';

describe('parseOrigins', () => {
  it('normalises, de-duplicates and skips blank lines', () => {
    expect(
      parseOrigins('https://API.example.com:443/\n\n https://crm.example.com:8443 \nhttps://api.example.com'),
    ).toEqual({
      origins: ['https://api.example.com', 'https://crm.example.com:8443'],
      problems: [],
    });
  });

  it('allows plain http for loopback hosts only', () => {
    expect(parseOrigins('http://127.0.0.1:9000\nhttp://localhost:3000').origins).toEqual([
      'http://127.0.0.1:9000',
      'http://localhost:3000',
    ]);
    expect(parseOrigins('http://api.example.com').problems).toEqual([
      '“http://api.example.com” uses http: only https is allowed, except for localhost.',
    ]);
  });

  it('names each line that is not an origin, and keeps the good ones', () => {
    const parsed = parseOrigins(
      'https://ok.example.com\nhttps://x.example.com/path\nhttps://*.example.com\nnot a url\nhttps://user@x.example.com',
    );
    expect(parsed.origins).toEqual(['https://ok.example.com']);
    expect(parsed.problems).toHaveLength(4);
    expect(parsed.problems[0]).toContain('has a path');
  });
});
