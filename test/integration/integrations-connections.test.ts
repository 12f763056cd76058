// Bring-your-own credentials and policies through the real handlers and DynamoDB Local: the secret is
// stored only sealed, never returned, never logged; the access check opens it for generation.
import path from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveProviderAccess, ProviderAccessDeniedError } from '#core/integrations/access';
import { table } from '#adapters/dynamodb/client';
import { connections, policies } from '#adapters/composition/stores';
import { credentialCipher } from '#adapters/composition/credentials';
import { ENV } from '#adapters/env';
import { tempFolders } from '../support/temp-folders.ts';
import { call, seedWorkspace } from './support/invoke.ts';

const FAL_KEY = '3f1c2b7a-0d4e:9a8b7c6d5e4f3a2b1c0dSECRETx9Qz';
const ELEVEN_KEY = 'sk_0123456789abcdef0123456789abcdefPLAINTEXT42';
const newFolder = tempFolders('integrations-connections');

describe('integrations: connections and policies', () => {
  let owner: Awaited<ReturnType<typeof seedWorkspace>>;
  const logged: string[] = [];

  beforeAll(async () => {
    process.env[ENV.credentialsMasterKeyFile] = path.join(newFolder(), 'credentials-master.key');
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation(
        (...args: unknown[]) => void logged.push(args.map(String).join(' ')),
      );
    }
    owner = await seedWorkspace();
  });
  afterAll(() => vi.restoreAllMocks());

  const allStoredText = async () => {
    const { client, tableName } = table();
    const { Items = [] } = await client.send(new ScanCommand({ TableName: tableName }));
    return JSON.stringify(Items);
  };

  it('stores a credential sealed, answers masked metadata only, and lists it without the secret', async () => {
    // Act
    const stored = await call('POST', '/api/integrations/connections', {
      key: owner.apiKey,
      body: { provider: 'provider-two', credential: { apiKey: FAL_KEY }, label: 'fal' },
    });
    const listed = await call('GET', '/api/integrations/connections', { key: owner.apiKey });
    // Assess
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({
      provider: 'provider-two',
      label: 'fal',
      status: 'active',
      masked: { apiKey: '…x9Qz' },
      created: true,
    });
    expect(JSON.stringify(stored.body)).not.toContain('SECRET');
    expect(listed.body.items).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain('SECRET');
    expect(listed.body.items[0].sealed).toBeUndefined();
    const everything = await allStoredText();
    expect(everything).not.toContain(FAL_KEY);
    expect(everything).not.toContain('9a8b7c6d5e4f3a2b1c0dSECRET');
    const record = await connections.get(owner.workspaceId, 'provider-two');
    expect(record?.sealed?.keyRef).toMatch(/^local:/);
  });

  it('replaces on a second upsert (200, created false) and opens the newest secret for generation', async () => {
    const replaced = await call('POST', '/api/integrations/connections', {
      key: owner.apiKey,
      body: { provider: 'provider-two', credential: { apiKey: `${FAL_KEY}2` } },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ created: false, label: 'fal', masked: { apiKey: '…9Qz2' } });
    const resolved = await resolveProviderAccess(
      owner.workspaceId,
      { provider: 'provider-two' },
      { connections, policies, cipher: credentialCipher, sharedConfigured: () => true },
    );
    expect(resolved).toEqual({ source: 'workspace', secret: { apiKey: `${FAL_KEY}2` }, monthlyCreditCap: null });
  });

  it('validates the credential shape per provider without echoing the value (400)', async () => {
    const cases = [
      { provider: 'provider-two', credential: { apiKey: 'not-a-fal-key-PLAINTEXT' } },
      { provider: 'speech', credential: { apiKey: ELEVEN_KEY, extra: 'x' } },
      { provider: 'codehost', credential: { token: 'ghp_x' } },
      { provider: 'provider-one', credential: {} },
    ];
    for (const body of cases) {
      const response = await call('POST', '/api/integrations/connections', { key: owner.apiKey, body });
      expect(response.status, JSON.stringify(body.provider)).toBe(400);
      expect(response.body.error).not.toContain('PLAINTEXT');
    }
  });

  it('revokes: the sealed secret is deleted and generation falls back to the shared credential', async () => {
    await call('POST', '/api/integrations/connections', {
      key: owner.apiKey,
      body: { provider: 'speech', credential: { apiKey: ELEVEN_KEY } },
    });
    const revoked = await call('POST', '/api/integrations/connections/revoke', {
      key: owner.apiKey,
      body: { provider: 'speech' },
    });
    const again = await call('POST', '/api/integrations/connections/revoke', {
      key: owner.apiKey,
      body: { provider: 'speech' },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'revoked', provider: 'speech' });
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await connections.get(owner.workspaceId, 'speech'))?.sealed).toBeUndefined();
    const deps = { connections, policies, cipher: credentialCipher, sharedConfigured: () => true };
    expect(await resolveProviderAccess(owner.workspaceId, { provider: 'speech' }, deps)).toEqual({
      source: 'shared',
      monthlyCreditCap: null,
    });
    const missing = await call('POST', '/api/integrations/connections/revoke', {
      key: owner.apiKey,
      body: { provider: 'workspace-suite' },
    });
    expect(missing.status).toBe(404);
  });

  it('reads the default policy, merges updates, and the access check enforces it', async () => {
    const initial = await call('GET', '/api/integrations/policies', { key: owner.apiKey });
    expect(initial.body).toMatchObject({
      allowedProviders: null,
      allowSharedCredentials: true,
      monthlyCreditCap: null,
      updatedAt: null,
    });
    const first = await call('POST', '/api/integrations/policies', {
      key: owner.apiKey,
      body: { allowedVoices: ['voice-a'], allowSharedCredentials: true },
    });
    const second = await call('POST', '/api/integrations/policies', {
      key: owner.apiKey,
      body: { monthlyCreditCap: 10, allowedProviders: ['speech', 'speech'] },
    });
    expect(first.status).toBe(200);
    expect(second.body).toMatchObject({
      allowedVoices: ['voice-a'],
      monthlyCreditCap: 10,
      allowedProviders: ['speech'],
    });
    const deps = { connections, policies, cipher: credentialCipher, sharedConfigured: () => true };
    await expect(resolveProviderAccess(owner.workspaceId, { provider: 'provider-two' }, deps)).rejects.toBeInstanceOf(
      ProviderAccessDeniedError,
    );
    await expect(
      resolveProviderAccess(owner.workspaceId, { provider: 'speech', voice: 'voice-b' }, deps),
    ).rejects.toMatchObject({ reason: 'voice-not-allowed' });
    await expect(
      resolveProviderAccess(owner.workspaceId, { provider: 'speech', voice: 'voice-a' }, deps, {
        creditsUsedThisMonth: 10,
      }),
    ).rejects.toMatchObject({ reason: 'credit-cap-reached' });
    // The cap goes with the credential to the operation's credit hold, which enforces it (credits-ledger.test.ts).
    await expect(
      resolveProviderAccess(owner.workspaceId, { provider: 'speech', voice: 'voice-a' }, deps),
    ).resolves.toEqual({ source: 'shared', monthlyCreditCap: 10 });
    const bad = await call('POST', '/api/integrations/policies', {
      key: owner.apiKey,
      body: { allowedProviders: ['nope'] },
    });
    expect(bad.status).toBe(400);
  });

  it('reports the workspace suite connection generically: not-connected, connected, revoked', async () => {
    const suite = await seedWorkspace();
    const before = await call('GET', '/api/mcp/workspace-suite/connection', { key: suite.apiKey });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      provider: 'workspace-suite',
      state: 'not-connected',
      credential: null,
      connection: null,
    });
    await call('POST', '/api/integrations/connections', {
      key: suite.apiKey,
      body: {
        provider: 'workspace-suite',
        credential: { clientId: 'client-1', refreshToken: '1//refresh-PLAINTEXT-token' },
      },
    });
    const connected = await call('GET', '/api/mcp/workspace-suite/connection', { key: suite.apiKey });
    expect(connected.body).toMatchObject({
      state: 'connected',
      credential: 'workspace',
      connection: { status: 'active', masked: { refreshToken: '…oken' } },
    });
    expect(JSON.stringify(connected.body)).not.toContain('PLAINTEXT');
    await call('POST', '/api/integrations/connections/revoke', {
      key: suite.apiKey,
      body: { provider: 'workspace-suite' },
    });
    expect((await call('GET', '/api/mcp/workspace-suite/connection', { key: suite.apiKey })).body.state).toBe(
      'revoked',
    );
  });

  it('keeps the allowed origins a manager sets, as origins, and changes them without resending the secret', async () => {
    // Prepare
    const fresh = await seedWorkspace();
    const upsert = (body: Record<string, unknown>) =>
      call('POST', '/api/integrations/connections', { key: fresh.apiKey, body: { provider: 'http', ...body } });

    // Act
    const withoutSecret = await upsert({ allowedOrigins: ['https://api.example.com'] });
    const stored = await upsert({
      credential: { CRM_TOKEN: 'crm-PLAINTEXT-token' },
      allowedOrigins: ['https://API.example.com:443/', 'https://api.example.com', 'http://127.0.0.1:4010'],
    });
    const badOrigins = await Promise.all(
      ['https://api.example.com/v1', 'http://api.example.com', 'https://*.example.com'].map((origin) =>
        upsert({ allowedOrigins: [origin] }),
      ),
    );
    const moved = await upsert({ allowedOrigins: ['https://crm.example.com'] });
    const listed = await call('GET', '/api/integrations/connections', { key: fresh.apiKey });

    // Assess
    expect(withoutSecret.status).toBe(400);
    expect(withoutSecret.body.error).toContain('credential is required');
    expect(stored.body.allowedOrigins).toEqual(['https://api.example.com', 'http://127.0.0.1:4010']);
    for (const bad of badOrigins)
      expect([bad.status, bad.body.error]).toEqual([400, expect.stringContaining('must be an origin')]);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      allowedOrigins: ['https://crm.example.com'],
      masked: stored.body.masked,
      created: false,
    });
    expect(listed.body.items).toEqual([
      expect.objectContaining({ provider: 'http', allowedOrigins: ['https://crm.example.com'] }),
    ]);
    const record = await connections.get(fresh.workspaceId, 'http');
    expect(
      record && (await credentialCipher.open(record.sealed!, { workspaceId: fresh.workspaceId, provider: 'http' })),
    ).toBe('{"CRM_TOKEN":"crm-PLAINTEXT-token"}');
  });

  it('needs manage:integrations', async () => {
    const narrow = await call('POST', '/api/mcp/api-keys/create', {
      key: owner.apiKey,
      body: { name: 'reader', scopes: ['read:canvases'] },
    });
    for (const [method, route] of [
      ['GET', '/api/integrations/connections'],
      ['POST', '/api/integrations/connections'],
      ['GET', '/api/integrations/policies'],
      ['GET', '/api/mcp/workspace-suite/connection'],
    ] as const) {
      const response = await call(method, route, { key: narrow.body.key, body: method === 'POST' ? {} : undefined });
      expect(response.status).toBe(403);
      expect(response.body.error).toContain('manage:integrations');
    }
  });

  it('never logged a secret', () => {
    const text = logged.join('\n');
    for (const secret of [FAL_KEY, ELEVEN_KEY, 'SECRET', 'PLAINTEXT']) expect(text).not.toContain(secret);
  });
});
