// unit: the service root key is SERVICE_ROOT_KEY; the old name WEBHOOK_SECRET_KEY (from when only webhook
// secrets derived from it) is a deprecated alias, still read when the new name is unset, so a local setup
// that sets it keeps its key and every secret derived from it.
import { describe, expect, it } from 'vitest';
import { ENV, SERVICE_ROOT_KEY_NAMES } from '#adapters/env';
import { secretSource } from '#adapters/secrets/secret-source';

const noSecretsManager = async () => {
  throw new Error('no Secrets Manager read expected: the value is in the environment');
};
const readRootKey = (env: Record<string, string>) =>
  secretSource(SERVICE_ROOT_KEY_NAMES, ENV.serviceRootKeyArn, { env, fetch: noSecretsManager })();

describe('the service root key', () => {
  it('is read from SERVICE_ROOT_KEY, with WEBHOOK_SECRET_KEY as the deprecated fallback', () => {
    expect(ENV.serviceRootKey).toBe('SERVICE_ROOT_KEY');
    expect(ENV.deprecatedServiceRootKey).toBe('WEBHOOK_SECRET_KEY');
    expect(SERVICE_ROOT_KEY_NAMES).toEqual(['SERVICE_ROOT_KEY', 'WEBHOOK_SECRET_KEY']);
  });

  it('takes SERVICE_ROOT_KEY when it is set, even beside the deprecated name', async () => {
    await expect(readRootKey({ SERVICE_ROOT_KEY: 'root-new', WEBHOOK_SECRET_KEY: 'root-old' })).resolves.toBe(
      'root-new',
    );
  });

  it('falls back to the deprecated WEBHOOK_SECRET_KEY when SERVICE_ROOT_KEY is unset or empty', async () => {
    await expect(readRootKey({ WEBHOOK_SECRET_KEY: 'root-old' })).resolves.toBe('root-old');
    await expect(readRootKey({ SERVICE_ROOT_KEY: '', WEBHOOK_SECRET_KEY: 'root-old' })).resolves.toBe('root-old');
  });

  it('reads the Secrets Manager secret named by SERVICE_ROOT_KEY_ARN when neither value is set', async () => {
    const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:root-AbCdEf';
    const fetched: string[] = [];
    const read = secretSource(SERVICE_ROOT_KEY_NAMES, ENV.serviceRootKeyArn, {
      env: { SERVICE_ROOT_KEY_ARN: arn },
      fetch: async (from) => {
        fetched.push(from);
        return 'root-from-secrets-manager';
      },
    });
    await expect(read()).resolves.toBe('root-from-secrets-manager');
    expect(fetched).toEqual([arn]);
  });
});
