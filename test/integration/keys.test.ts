// Workspace keys end to end through the handlers and DynamoDB Local: create, verify, list, revoke, expiry.
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashWorkspaceKey } from '#core/keys/api-key';
import { mintKey } from '#core/keys/use-cases';
import { table } from '#adapters/dynamodb/client';
import { apiKeys } from '#adapters/composition/stores';
import { keys } from '#adapters/dynamodb/table-design';
import { call, seedWorkspace } from './support/invoke.ts';

describe('workspace keys', () => {
  let owner: Awaited<ReturnType<typeof seedWorkspace>>;

  beforeAll(async () => {
    owner = await seedWorkspace();
  });

  it('verifies a key: workspaceId and its scopes', async () => {
    // Act
    const response = await call('GET', '/api/verify-key', { key: owner.apiKey });
    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ workspaceId: owner.workspaceId, scopes: owner.scopes });
  });

  it('creates a key with default scopes, returns it once and stores only its hash', async () => {
    // Act
    const created = await call('POST', '/api/mcp/api-keys/create', { key: owner.apiKey, body: { name: 'ci' } });
    // Assess
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^workspace_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({ name: 'ci', scopes: ['read:canvases', 'run:workflows'], expiresAt: null });
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);
    const { client, tableName } = table();
    const { Items = [] } = await client.send(new ScanCommand({ TableName: tableName }));
    expect(JSON.stringify(Items)).not.toContain(created.body.key);
    const lookup = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.apiKeyLookup(hashWorkspaceKey(created.body.key)) }),
    );
    expect(lookup.Item?.keyId).toBe(created.body.id);
    const listed = await call('GET', '/api/mcp/api-keys/list', { key: owner.apiKey, query: { limit: '200' } });
    const entry = listed.body.items.find((item: { id: string }) => item.id === created.body.id);
    expect(entry).toMatchObject({ name: 'ci', prefix: created.body.prefix, status: 'active' });
    expect(entry.key).toBeUndefined();
    expect(entry.keyHash).toBeUndefined();
  });

  it('sets expiresAt from expiresInDays and rejects 0 or 366 days', async () => {
    const ok = await call('POST', '/api/mcp/api-keys/create', {
      key: owner.apiKey,
      body: { name: 'week', expiresInDays: 7 },
    });
    expect(ok.status).toBe(201);
    const days = (Date.parse(ok.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    for (const expiresInDays of [0, 366, 1.5]) {
      const bad = await call('POST', '/api/mcp/api-keys/create', {
        key: owner.apiKey,
        body: { name: 'bad', expiresInDays },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain('expiresInDays');
    }
  });

  it('refuses to mint scopes the creator lacks (scope ceiling)', async () => {
    // Prepare
    const narrow = await call('POST', '/api/mcp/api-keys/create', {
      key: owner.apiKey,
      body: { name: 'admin-lite', scopes: ['manage:integrations', 'read:canvases'] },
    });
    // Act
    const escalation = await call('POST', '/api/mcp/api-keys/create', {
      key: narrow.body.key,
      body: { name: 'escalate', scopes: ['read:canvases', 'delete:canvas'] },
    });
    const within = await call('POST', '/api/mcp/api-keys/create', {
      key: narrow.body.key,
      body: { name: 'ok', scopes: ['read:canvases'] },
    });
    // Assess
    expect(escalation.status).toBe(403);
    expect(escalation.body.error).toContain('delete:canvas');
    expect(within.status).toBe(201);
  });

  it('revokes at once: the next request with that key is 401, and revoking again is harmless', async () => {
    // Prepare
    const created = await call('POST', '/api/mcp/api-keys/create', { key: owner.apiKey, body: { name: 'temp' } });
    expect((await call('GET', '/api/verify-key', { key: created.body.key })).status).toBe(200);
    // Act
    const revoked = await call('POST', '/api/mcp/api-keys/revoke', {
      key: owner.apiKey,
      body: { id: created.body.id },
    });
    // Assess
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.body.id, status: 'revoked' });
    expect((await call('GET', '/api/verify-key', { key: created.body.key })).status).toBe(401);
    const again = await call('POST', '/api/mcp/api-keys/revoke', { key: owner.apiKey, body: { id: created.body.id } });
    expect(again.status).toBe(200);
  });

  it("cannot see or revoke another workspace's key (404)", async () => {
    const other = await seedWorkspace('Other');
    const response = await call('POST', '/api/mcp/api-keys/revoke', { key: other.apiKey, body: { id: owner.keyId } });
    expect(response.status).toBe(404);
    expect((await call('GET', '/api/verify-key', { key: owner.apiKey })).status).toBe(200);
  });

  it('rejects an expired key with 401', async () => {
    // Prepare: a key minted 2 days ago that expired yesterday, stored through the real adapter.
    const minted = mintKey({
      workspaceId: owner.workspaceId,
      name: 'old',
      scopes: ['read:canvases'],
      expiresInDays: 1,
      createdByKeyId: null,
      now: new Date(Date.now() - 2 * 86_400_000),
    });
    await apiKeys.create(minted.record, minted.lookup);
    // Act
    const response = await call('GET', '/api/verify-key', { key: minted.key });
    // Assess
    expect(response.status).toBe(401);
    expect(response.body.error).toMatch(/expired/i);
  });

  it('paginates the key list with an opaque cursor', async () => {
    const workspace = await seedWorkspace('Many keys');
    for (let i = 0; i < 4; i++)
      await call('POST', '/api/mcp/api-keys/create', { key: workspace.apiKey, body: { name: `k${i}` } });
    const first = await call('GET', '/api/mcp/api-keys/list', { key: workspace.apiKey, query: { limit: '3' } });
    expect(first.body.items).toHaveLength(3);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call('GET', '/api/mcp/api-keys/list', {
      key: workspace.apiKey,
      query: { limit: '3', cursor: first.body.nextCursor },
    });
    expect(second.body.items).toHaveLength(2);
    const ids = new Set([...first.body.items, ...second.body.items].map((item: { id: string }) => item.id));
    expect(ids.size).toBe(5);
    const foreign = await call('GET', '/api/mcp/api-keys/list', {
      key: owner.apiKey,
      query: { cursor: first.body.nextCursor },
    });
    expect(foreign.status).toBe(400);
  });
});
