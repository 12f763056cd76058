// unit: OUTBOUND_ALLOW_HOSTS, honoured locally and ignored inside AWS Lambda.
import { describe, expect, it } from 'vitest';
import { OUTBOUND_ALLOW_HOSTS_ENV, PROVIDER_ALLOW_HOSTS_ENV, outboundConfig } from '#adapters/outbound-http/config';
import { parseCallbackUrl } from '#core/outbound/url-policy';

describe('outboundConfig', () => {
  it('reads comma-separated host:port entries, trimmed and lower-cased', () => {
    // Prepare
    const env = { [OUTBOUND_ALLOW_HOSTS_ENV]: ' 127.0.0.1:4010, Callback.test:8080 ,,[::1]:4010' };

    // Act
    const config = outboundConfig(env);

    // Assess
    expect(config.allowHosts).toEqual(['127.0.0.1:4010', 'callback.test:8080', '[::1]:4010']);
  });

  it('is empty when the variable is unset', () => {
    // Act / Assess
    expect(outboundConfig({}).allowHosts).toEqual([]);
  });

  it('ignores the variable inside AWS Lambda, so the exemption cannot be enabled in a deployment', () => {
    // Prepare
    const env = { [OUTBOUND_ALLOW_HOSTS_ENV]: '127.0.0.1:4010', AWS_LAMBDA_FUNCTION_NAME: 'run-callback' };

    // Act
    const config = outboundConfig(env);

    // Assess
    expect(config.allowHosts).toEqual([]);
    expect(() => parseCallbackUrl('http://127.0.0.1:4010/hook', config)).toThrow(/https/);
  });

  it.each(['127.0.0.1', 'localhost:', 'http://127.0.0.1:4010', '127.0.0.1:99999', '127.0.0.1:0'])(
    'fails fast on the malformed entry %j',
    (entry) => {
      // Act / Assess
      expect(() => outboundConfig({ [OUTBOUND_ALLOW_HOSTS_ENV]: entry })).toThrow(OUTBOUND_ALLOW_HOSTS_ENV);
    },
  );

  it('keeps PROVIDER_ALLOW_HOSTS apart from the general allow-list (callbacks and http-request nodes never get it), and ignores it in Lambda', () => {
    // Prepare
    const env = { [PROVIDER_ALLOW_HOSTS_ENV]: '127.0.0.1:4020', [OUTBOUND_ALLOW_HOSTS_ENV]: '127.0.0.1:4010' };

    // Act
    const config = outboundConfig(env);
    const deployed = outboundConfig({ ...env, AWS_LAMBDA_FUNCTION_NAME: 'advance' });

    // Assess
    expect(config.providerAllowHosts).toEqual(['127.0.0.1:4020']);
    expect(config.allowHosts).toEqual(['127.0.0.1:4010']);
    expect(() => parseCallbackUrl('http://127.0.0.1:4020/hook', config)).toThrow();
    expect(deployed.providerAllowHosts).toEqual([]);
    expect(() => outboundConfig({ [PROVIDER_ALLOW_HOSTS_ENV]: 'nope' })).toThrow(PROVIDER_ALLOW_HOSTS_ENV);
  });
});
