// The provider catalogue and service status through their real handlers: any workspace key, no scope.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, seedWorkspace } from './support/invoke.ts';

describe('integrations: providers and service status', () => {
  let owner: Awaited<ReturnType<typeof seedWorkspace>>;
  let narrowKey: string;

  beforeAll(async () => {
    owner = await seedWorkspace();
    const narrow = await call('POST', '/api/mcp/api-keys/create', {
      key: owner.apiKey,
      body: { name: 'reader', scopes: ['read:canvases'] },
    });
    narrowKey = narrow.body.key;
  });

  it('lists the five providers with models and credential presence, for a key with any scope', async () => {
    // Act
    const response = await call('GET', '/api/integrations/providers', { key: narrowKey });
    // Assess
    expect(response.status).toBe(200);
    const ids = response.body.providers.map((provider: { id: string }) => provider.id);
    expect(ids).toEqual(['provider-one', 'provider-two', 'speech', 'codehost', 'workspace-suite', 'http']);
    const two = response.body.providers.find((provider: { id: string }) => provider.id === 'provider-two');
    expect(two.defaultModel).toBe('bytedance/seedance-2.0/reference-to-video');
    expect(two.models.map((model: { id: string }) => model.id)).toContain('fal-ai/wan/v2.7/reference-to-video');
    const codehost = response.body.providers.find((provider: { id: string }) => provider.id === 'codehost');
    expect(codehost).toMatchObject({ bringYourOwnCredential: false, sharedCredentials: false, status: 'unavailable' });
  });

  it('reports status per provider and degraded while the code host has no GitHub App', async () => {
    const response = await call('GET', '/api/integrations/service-status', { key: owner.apiKey });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('degraded');
    expect(response.body.providers).toContainEqual({
      id: 'speech',
      label: 'Speech provider',
      sharedCredentials: false,
      status: 'bring-your-own',
    });
  });

  it('refuses a call without a key', async () => {
    expect((await call('GET', '/api/integrations/providers')).status).toBe(401);
  });
});
