import { describe, expect, it } from 'vitest';
import { serviceStatus } from '#core/integrations/service-status';
import { sharedCredentialPresence } from '#adapters/integrations/shared-credentials';

describe('sharedCredentialPresence', () => {
  it('counts a value or a Secrets Manager ARN, and needs both halves of a GitHub App', () => {
    const presence = sharedCredentialPresence({
      FAL_KEY: 'id:secret',
      ELEVENLABS_API_KEY_ARN: 'arn:aws:secretsmanager:…',
      GITHUB_APP_ID: '1',
    });
    expect(presence).toEqual({
      'provider-one': false,
      'provider-two': true,
      speech: true,
      codehost: false,
      'workspace-suite': false,
      http: false,
    });
  });
});

describe('serviceStatus', () => {
  it('is ok when every provider is usable by someone', () => {
    const all = {
      'provider-one': false,
      'provider-two': true,
      speech: true,
      codehost: true,
      'workspace-suite': false,
      http: false,
    };
    const status = serviceStatus(all, new Date('2026-11-23T20:00:00Z'));
    expect(status.status).toBe('ok');
    expect(status.providers.find((provider) => provider.id === 'provider-one')?.status).toBe('bring-your-own');
    expect(serviceStatus({ ...all, codehost: false }, new Date()).status).toBe('degraded');
  });
});
