// unit: the origins a manager may allow for a connection (validated and stored as origins), and the
// one decision a node asks before sending a connection value (functions/core/integrations/allowed-origins.ts).
import { describe, expect, it } from 'vitest';
import { AllowedOrigins, originOf, refusalToSend } from '#core/integrations/allowed-origins';

describe('AllowedOrigins', () => {
  it('keeps origins as the URL standard writes them: lower case, default port dropped, one of each', () => {
    const parsed = AllowedOrigins.parse([
      'https://API.Example.com',
      'https://api.example.com:443/',
      'https://api.example.com:8443',
      'http://127.0.0.1:4010',
      'https://[::1]:9000',
    ]);
    expect(parsed).toEqual([
      'https://api.example.com',
      'https://api.example.com:8443',
      'http://127.0.0.1:4010',
      'https://[::1]:9000',
    ]);
  });

  it.each([
    ['a path', 'https://api.example.com/v1'],
    ['a query', 'https://api.example.com?x=1'],
    ['a fragment', 'https://api.example.com#x'],
    ['credentials', 'https://user:pass@api.example.com'],
    ['a wildcard', 'https://*.example.com'],
    ['plain http to a public host', 'http://api.example.com'],
    ['another scheme', 'ftp://files.example.com'],
    ['no scheme', 'api.example.com'],
    ['spaces', ' https://api.example.com'],
  ])('refuses %s', (_label, origin) => {
    const result = AllowedOrigins.safeParse([origin]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/must be an origin/);
  });

  it('takes at most 20', () => {
    expect(AllowedOrigins.safeParse(Array.from({ length: 21 }, (_, at) => `https://h${at}.example.com`)).success).toBe(
      false,
    );
  });
});

describe('refusalToSend', () => {
  const allowed = ['https://api.example.com'];

  it('lets a value go to an allowed origin, and nowhere else', () => {
    expect(refusalToSend('http', allowed, originOf('https://API.example.com:443/orders?x=1'))).toBeUndefined();
    expect(refusalToSend('http', allowed, originOf('https://api.example.com.evil.test/'))).toMatch(
      /may not be sent to https:\/\/api\.example\.com\.evil\.test: its allowedOrigins are https:\/\/api\.example\.com/,
    );
    expect(refusalToSend('http', allowed, originOf('http://api.example.com/'))).toMatch(
      /may not be sent to http:\/\/api\.example\.com:/,
    );
    expect(refusalToSend('http', allowed, originOf('https://api.example.com:8443/'))).toMatch(/may not be sent/);
  });

  it('sends nowhere when no origin was ever allowed (connections stored before origins existed), or the URL is none', () => {
    expect(refusalToSend('speech', undefined, 'https://api.elevenlabs.io')).toMatch(
      /^The speech connection has no allowed origins yet, so its values are sent nowhere/,
    );
    expect(refusalToSend('http', [], 'https://api.example.com')).toMatch(/no allowed origins yet/);
    expect(refusalToSend('http', allowed, originOf('not a url'))).toMatch(/absolute https URL only/);
  });
});
