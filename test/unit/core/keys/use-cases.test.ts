// unit: mintKey, createKey, revokeKey, listKeys — with an in-memory key store. authenticate and
// requireScope: authenticate.test.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, ValidationError } from '#core/errors';
import { hashWorkspaceKey } from '#core/keys/api-key';
import { authenticate, createKey, listKeys, mintKey, revokeKey } from '#core/keys/use-cases';
import { ALL_SCOPES } from '#core/scopes';
import { DAY_MS, FakeClock } from '../../support/fake-clock.ts';
import { InMemoryApiKeyRepository } from '../../support/in-memory-api-key-repository.ts';
import { principal, principalWith } from '../../support/principals.ts';
import { storedKey } from './stored-key.ts';

let apiKeys: InMemoryApiKeyRepository;
let clock: FakeClock;

beforeEach(() => {
  apiKeys = new InMemoryApiKeyRepository();
  clock = new FakeClock('2025-01-15T10:00:00.000Z');
});

describe('mintKey', () => {
  it('returns a record and lookup that hold the hash and prefix, never the full key', () => {
    // Act
    const { key, record, lookup } = mintKey({
      workspaceId: 'ws_test',
      name: 'k',
      scopes: ['read:canvases'],
      createdByKeyId: 'key_creator',
      now: clock.now(),
    });

    // Assess
    expect(record.keyHash).toBe(hashWorkspaceKey(key));
    expect(lookup.keyHash).toBe(hashWorkspaceKey(key));
    expect(record.prefix).toBe(key.slice(0, 16));
    expect(JSON.stringify(record)).not.toContain(key);
    expect(JSON.stringify(lookup)).not.toContain(key);
    expect(JSON.stringify(record)).not.toContain(key.slice(16));
    expect(JSON.stringify(lookup)).not.toContain(key.slice(16));
  });

  it('returns a record whose id, workspace and scopes match the lookup', () => {
    // Act
    const { record, lookup } = mintKey({
      workspaceId: 'ws_a',
      name: 'k',
      scopes: ['read:canvases', 'run:workflows', 'read:canvases'],
      createdByKeyId: null,
      now: clock.now(),
    });

    // Assess
    expect(record.id).toMatch(/^key_[0-9a-z]{26}$/);
    expect(lookup).toEqual({
      keyHash: record.keyHash,
      workspaceId: 'ws_a',
      keyId: record.id,
      scopes: record.scopes,
      expiresAt: null,
    });
    expect(record.scopes).toEqual(['read:canvases', 'run:workflows']);
    expect(record.createdAt).toBe('2025-01-15T10:00:00.000Z');
    expect(record.revokedAt).toBeNull();
  });

  it('uses a preset key of valid format as given', () => {
    // Prepare
    const presetKey = 'workspace_local-bootstrap-key-0123456789';

    // Act
    const { key, record } = mintKey({
      workspaceId: 'ws_a',
      name: 'k',
      scopes: ALL_SCOPES,
      createdByKeyId: null,
      now: clock.now(),
      presetKey,
    });

    // Assess
    expect(key).toBe(presetKey);
    expect(record.keyHash).toBe(hashWorkspaceKey(presetKey));
  });

  it('returns 400 for a preset key without the workspace_ prefix', () => {
    // Act
    const act = () =>
      mintKey({
        workspaceId: 'ws_a',
        name: 'k',
        scopes: ALL_SCOPES,
        createdByKeyId: null,
        now: clock.now(),
        presetKey: 'secret_0123456789012345678901',
      });

    // Assess
    expect(act).toThrow(ValidationError);
  });
});

describe('createKey', () => {
  it('returns a key with read:canvases and run:workflows when no scopes are chosen', async () => {
    // Prepare
    const creator = principal();

    // Act
    const created = await createKey(creator, { name: 'default' }, { apiKeys, clock });

    // Assess
    expect(created.scopes).toEqual(['read:canvases', 'run:workflows']);
    expect(created.status).toBe('active');
    expect(created.expiresAt).toBeNull();
  });

  it('returns 403 naming the scopes beyond the creator’s own', async () => {
    // Prepare
    const creator = principalWith(['read:canvases', 'manage:integrations']);

    // Act
    const result = createKey(
      creator,
      { name: 'too broad', scopes: ['read:canvases', 'write:canvas', 'read:billing'] },
      { apiKeys, clock },
    );

    // Assess
    await expect(result).rejects.toBeInstanceOf(ForbiddenError);
    await expect(result).rejects.toThrow(/write:canvas, read:billing/);
    expect(apiKeys.records.size).toBe(0);
  });

  it('returns 403 naming run:workflows when the defaults exceed the creator’s scopes', async () => {
    // Prepare
    const creator = principalWith(['read:canvases', 'manage:integrations']);

    // Act
    const result = createKey(creator, { name: 'defaults' }, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toThrow(/Missing scope: run:workflows/);
  });

  it('creates a key with exactly the scopes the creator holds', async () => {
    // Prepare
    const creator = principalWith(['read:canvases', 'write:canvas', 'manage:integrations']);

    // Act
    const created = await createKey(
      creator,
      { name: 'same', scopes: ['write:canvas', 'read:canvases'] },
      { apiKeys, clock },
    );

    // Assess
    expect(created.scopes).toEqual(['write:canvas', 'read:canvases']);
  });

  it('sets expiresAt to now plus expiresInDays', async () => {
    // Prepare
    const creator = principal();

    // Act
    const created = await createKey(creator, { name: 'short-lived', expiresInDays: 30 }, { apiKeys, clock });

    // Assess
    expect(created.expiresAt).toBe('2025-02-14T10:00:00.000Z');
    expect(created.createdAt).toBe('2025-01-15T10:00:00.000Z');
  });

  it('returns the full key once and stores only its hash and prefix', async () => {
    // Prepare
    const creator = principal();

    // Act
    const created = await createKey(creator, { name: 'once' }, { apiKeys, clock });

    // Assess
    expect(created.key).toMatch(/^workspace_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 16));
    expect(apiKeys.dump()).not.toContain(created.key);
    expect(apiKeys.dump()).toContain(hashWorkspaceKey(created.key));
    const listed = await listKeys(creator, { limit: 50 }, { apiKeys, clock });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(listed.items[0]).not.toHaveProperty('key');
  });

  it('records the creator and workspace, and the new key authenticates', async () => {
    // Prepare
    const creator = principal({ workspaceId: 'ws_owner', keyId: 'key_owner' });

    // Act
    const created = await createKey(creator, { name: 'child', scopes: ['write:canvas'] }, { apiKeys, clock });

    // Assess
    const stored = await apiKeys.get('ws_owner', created.id);
    expect(stored?.createdByKeyId).toBe('key_owner');
    const authenticated = await authenticate(`Bearer ${created.key}`, { apiKeys, clock });
    expect(authenticated).toEqual({ workspaceId: 'ws_owner', keyId: created.id, scopes: ['write:canvas'] });
  });

  it('returns a different key on each call', async () => {
    // Prepare
    const creator = principal();

    // Act
    const first = await createKey(creator, { name: 'a' }, { apiKeys, clock });
    const second = await createKey(creator, { name: 'b' }, { apiKeys, clock });

    // Assess
    expect(first.key).not.toBe(second.key);
    expect(first.id).not.toBe(second.id);
  });
});

describe('revokeKey', () => {
  it('marks the key revoked and removes its lookup', async () => {
    // Prepare
    const { record } = await storedKey(apiKeys, clock);

    // Act
    const view = await revokeKey(principal(), record.id, { apiKeys, clock });

    // Assess
    expect(view.status).toBe('revoked');
    expect(view.revokedAt).toBe('2025-01-15T10:00:00.000Z');
    expect(apiKeys.lookups.has(record.keyHash)).toBe(false);
  });

  it('answers the same way when the key is already revoked (idempotent)', async () => {
    // Prepare
    const { record } = await storedKey(apiKeys, clock);
    const first = await revokeKey(principal(), record.id, { apiKeys, clock });
    clock.advance(60_000);

    // Act
    const second = await revokeKey(principal(), record.id, { apiKeys, clock });

    // Assess
    expect(second).toEqual(first);
    expect((await apiKeys.get('ws_test', record.id))?.revokedAt).toBe('2025-01-15T10:00:00.000Z');
  });

  it('returns 404 for a key of another workspace and leaves it working', async () => {
    // Prepare
    const { key, record } = await storedKey(apiKeys, clock, { workspaceId: 'ws_other' });

    // Act
    const result = revokeKey(principal({ workspaceId: 'ws_test' }), record.id, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(NotFoundError);
    const stillValid = await authenticate(`Bearer ${key}`, { apiKeys, clock });
    expect(stillValid.workspaceId).toBe('ws_other');
  });

  it('returns 404 for an unknown key id', async () => {
    // Act
    const result = revokeKey(principal(), 'key_missing', { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('listKeys', () => {
  it('returns the keys of the principal’s workspace with their status at the clock’s time', async () => {
    // Prepare
    const expiring = await storedKey(apiKeys, clock, { expiresInDays: 1 });
    const revoked = await storedKey(apiKeys, clock);
    const active = await storedKey(apiKeys, clock);
    await storedKey(apiKeys, clock, { workspaceId: 'ws_other' });
    await revokeKey(principal(), revoked.record.id, { apiKeys, clock });
    clock.advance(2 * DAY_MS);

    // Act
    const page = await listKeys(principal(), { limit: 50 }, { apiKeys, clock });

    // Assess
    const statusById = Object.fromEntries(page.items.map((item) => [item.id, item.status]));
    expect(statusById).toEqual({
      [expiring.record.id]: 'expired',
      [revoked.record.id]: 'revoked',
      [active.record.id]: 'active',
    });
    expect(page.items.every((item) => !('keyHash' in item))).toBe(true);
  });
});
