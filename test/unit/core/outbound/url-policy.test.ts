// unit: the callbackUrl policy and the IP address table behind it (pure, no I/O).
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import {
  addressRange,
  isAllowListed,
  isPublicAddress,
  MAX_CALLBACK_URL_LENGTH,
  parseCallbackUrl,
} from '#core/outbound/url-policy';

const noExemptions = { allowHosts: [] } as const;

function rejection(raw: string, allowHosts: readonly string[] = []): ValidationError {
  try {
    parseCallbackUrl(raw, { allowHosts });
  } catch (error) {
    return error as ValidationError;
  }
  throw new Error(`expected ${raw} to be rejected`);
}

describe('parseCallbackUrl', () => {
  it.each([
    ['http://example.com', /https/],
    ['https://localhost', /local or internal/],
    ['https://localhost./hook', /local or internal/],
    ['https://hooks.localhost', /local or internal/],
    ['https://printer.local', /local or internal/],
    ['https://api.corp.internal', /local or internal/],
    ['https://metadata.google.internal', /local or internal/],
    ['https://metadata.goog/computeMetadata/v1', /local or internal/],
    ['https://intranet/hook', /not a fully qualified/],
    ['https://127.0.0.1', /loopback/],
    ['https://10.1.2.3', /private/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://[::1]', /loopback/],
    ['https://[::ffff:127.0.0.1]', /loopback/],
    ['https://[::ffff:7f00:1]', /loopback/],
    ['https://[0:0:0:0:0:ffff:a00:1]', /private/],
    ['https://2130706433', /127\.0\.0\.1 .*loopback/],
    ['https://0x7f.0.0.1', /127\.0\.0\.1 .*loopback/],
    ['https://0177.0.0.1', /loopback/],
    ['https://127.1', /loopback/],
    ['https://0', /unspecified/],
    ['https://172.16.0.1', /private/],
    ['https://192.168.1.1', /private/],
    ['https://100.64.0.1', /CGNAT/],
    ['https://[fd00:ec2::254]', /unique-local/],
    ['https://[fe80::1]', /link-local/],
    ['https://[64:ff9b::a00:5]', /private/],
    ['https://[2002:c0a8:101::1]', /private/],
    ['https://[2001:db8::1]', /documentation/],
    ['https://user:pass@example.com', /credentials/],
    ['https://user@example.com', /credentials/],
    ['ftp://example.com', /https/],
    ['file:///etc/passwd', /https/],
    ['not a url', /spaces or control/],
    ['not-a-url', /valid absolute URL/],
    ['/relative/path', /valid absolute URL/],
    [' https://example.com/hook', /spaces or control/],
    ['https://example.com/\nhook', /spaces or control/],
    ['', /non-empty/],
  ])('rejects %j with a 400-class ValidationError', (raw, message) => {
    // Act
    const error = rejection(raw);

    // Assess
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/^callbackUrl /);
    expect(error.message).toMatch(message);
  });

  it('rejects a URL longer than 2048 characters and accepts one of exactly 2048', () => {
    // Prepare
    const prefix = 'https://example.com/';
    const exact = prefix + 'a'.repeat(MAX_CALLBACK_URL_LENGTH - prefix.length);

    // Act
    const tooLong = rejection(`${exact}a`);
    const accepted = parseCallbackUrl(exact, noExemptions);

    // Assess
    expect(tooLong.message).toMatch(/at most 2048/);
    expect(accepted.href).toBe(exact);
  });

  it.each([
    ['https://example.com/hook', 'example.com'],
    ['https://93.184.216.34/x', '93.184.216.34'],
    ['https://[2606:4700::1111]/', '[2606:4700::1111]'],
    ['https://hooks.example.com:8443/cb?run=1', 'hooks.example.com'],
    ['https://[::ffff:8.8.8.8]/', '[::ffff:808:808]'],
  ])('accepts %j', (raw, hostname) => {
    // Act
    const url = parseCallbackUrl(raw, noExemptions);

    // Assess
    expect(url).toBeInstanceOf(URL);
    expect(url.hostname).toBe(hostname);
  });

  it('accepts an allow-listed http://127.0.0.1:PORT only for the listed port', () => {
    // Prepare
    const options = { allowHosts: ['127.0.0.1:4010'] };

    // Act
    const listed = parseCallbackUrl('http://127.0.0.1:4010/hook', options);
    const otherPort = rejection('http://127.0.0.1:4011/hook', options.allowHosts);
    const defaultPort = rejection('http://127.0.0.1/hook', options.allowHosts);
    const unlisted = rejection('http://127.0.0.1:4010/hook');

    // Assess
    expect(listed.href).toBe('http://127.0.0.1:4010/hook');
    expect(otherPort.message).toMatch(/https/);
    expect(defaultPort.message).toMatch(/https/);
    expect(unlisted.message).toMatch(/https/);
  });

  it('still refuses credentials and other schemes on an allow-listed host', () => {
    // Prepare
    const allowHosts = ['127.0.0.1:4010'];

    // Act
    const credentials = rejection('http://a:b@127.0.0.1:4010/', allowHosts);
    const scheme = rejection('ws://127.0.0.1:4010/', allowHosts);

    // Assess
    expect(credentials.message).toMatch(/credentials/);
    expect(scheme.message).toMatch(/https/);
  });
});

describe('isAllowListed', () => {
  it('fills in the default port and matches bracketed IPv6 entries', () => {
    // Act / Assess
    expect(isAllowListed(new URL('http://127.0.0.1/'), ['127.0.0.1:80'])).toBe(true);
    expect(isAllowListed(new URL('https://127.0.0.1/'), ['127.0.0.1:80'])).toBe(false);
    expect(isAllowListed(new URL('http://[::1]:4010/'), ['[::1]:4010'])).toBe(true);
    expect(isAllowListed(new URL('http://CALLBACK.test:4010/'), ['callback.test:4010'])).toBe(true);
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF protocol assignment'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4 relay'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::8.8.8.8', 'IPv4-compatible'],
    ['64:ff9b::10.0.0.5', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:a00:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'IETF protocol assignment'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('%s is not public (%s)', (ip, range) => {
    // Act / Assess
    expect(addressRange(ip)).toBe(range);
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (ip) => {
    // Act / Assess
    expect(addressRange(ip)).toBe('public');
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    '2130706433',
    '0x7f.0.0.1',
    '0177.0.0.1',
    '127.1',
    '010.0.0.1',
    '256.1.1.1',
    'fe80::1%eth0',
    '1::2::3',
    'example.com',
    '',
  ])('fails closed on %j, which is not a strict IP literal', (text) => {
    // Act / Assess
    expect(addressRange(text)).toBe('invalid');
    expect(isPublicAddress(text)).toBe(false);
  });
});
