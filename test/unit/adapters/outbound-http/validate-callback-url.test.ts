// unit: the request-time callbackUrl check resolves host names and refuses those that land on
// non-public addresses (the resolver is injected: this machine resolves no public names).
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import { validateCallbackUrl } from '#adapters/outbound-http/validate-callback-url';

const resolvingTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
const failingWith = (code: string) => async () => {
  throw Object.assign(new Error(code), { code });
};

describe('validateCallbackUrl', () => {
  it('accepts a name that resolves only to public addresses', async () => {
    // Act
    const url = await validateCallbackUrl('https://hooks.example.com/done', {
      allowHosts: [],
      lookup: resolvingTo('93.184.216.34'),
    });
    // Assess
    expect(url).toBe('https://hooks.example.com/done');
  });

  it.each([
    ['a private address', ['10.0.0.5']],
    ['loopback', ['127.0.0.1']],
    ['the metadata address', ['169.254.169.254']],
    ['an IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['one public and one private address', ['93.184.216.34', '192.168.1.10']],
  ])('refuses a name that resolves to %s with a 400-class error', async (_label, addresses) => {
    // Act
    const attempt = validateCallbackUrl('https://internal.example.test/hook', {
      allowHosts: [],
      lookup: resolvingTo(...addresses),
    });
    // Assess
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toThrow(/non-public address/);
  });

  it('refuses a name that does not exist', async () => {
    await expect(
      validateCallbackUrl('https://nowhere.example.test/', { allowHosts: [], lookup: failingWith('ENOTFOUND') }),
    ).rejects.toThrow(/does not resolve/);
  });

  it('leaves an inconclusive lookup (timeout, SERVFAIL) to the check at delivery', async () => {
    // Act
    const url = await validateCallbackUrl('https://flaky.example.com/', {
      allowHosts: [],
      lookup: failingWith('EAI_AGAIN'),
    });
    // Assess
    expect(url).toBe('https://flaky.example.com/');
  });

  it('does not resolve IP literals or allow-listed hosts', async () => {
    // Prepare
    let lookups = 0;
    const counting = async () => {
      lookups += 1;
      return [];
    };
    // Act
    await validateCallbackUrl('https://93.184.216.34/x', { allowHosts: [], lookup: counting });
    await validateCallbackUrl('http://127.0.0.1:4010/hook', { allowHosts: ['127.0.0.1:4010'], lookup: counting });
    // Assess
    expect(lookups).toBe(0);
  });

  it('still refuses malformed and private-literal URLs before any lookup', async () => {
    await expect(validateCallbackUrl('http://example.com', { allowHosts: [] })).rejects.toBeInstanceOf(ValidationError);
    await expect(validateCallbackUrl('https://[::ffff:127.0.0.1]/', { allowHosts: [] })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});

describe('validateCallbackUrl in local mode', () => {
  it('says which OUTBOUND_ALLOW_HOSTS entry would allow an http or non-public URL', async () => {
    // Act
    const plainHttp = validateCallbackUrl('http://127.0.0.1:4010/cb', { allowHosts: [], local: true });
    const privateName = validateCallbackUrl('https://internal.example.test/hook', {
      allowHosts: [],
      lookup: resolvingTo('10.0.0.5'),
      local: true,
    });

    // Assess
    await expect(plainHttp).rejects.toThrow(
      /^callbackUrl must use https\. In local mode, .*OUTBOUND_ALLOW_HOSTS=127\.0\.0\.1:4010 \(ignored in AWS\)$/,
    );
    await expect(privateName).rejects.toThrow(
      /non-public address\. In local mode, .*OUTBOUND_ALLOW_HOSTS=internal\.example\.test:443/,
    );
  });

  it('gives no hint in AWS, nor for refusals the setting cannot lift', async () => {
    // Act
    const deployed = validateCallbackUrl('http://127.0.0.1:4010/cb', { allowHosts: [], local: false });
    const withCredentials = validateCallbackUrl('https://user:pw@hooks.example.com/cb', {
      allowHosts: [],
      local: true,
    });

    // Assess
    await expect(deployed).rejects.toThrow(/^callbackUrl must use https$/);
    await expect(withCredentials).rejects.toThrow(/^callbackUrl must not contain credentials$/);
  });
});
