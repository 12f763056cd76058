// unit: authenticate, requireScope, mintKey, createKey, revokeKey, listKeys — with an in-memory key store.
import { beforeEach, describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '#core/errors';
import { hashWorkspaceKey } from '#core/keys/api-key';
import { authenticate, createKey, listKeys, mintKey, requireScope, revokeKey } from '#core/keys/use-cases';
import { ALL_SCOPES } from '#core/scopes';
import { DAY_MS, FakeClock } from '../../support/fake-clock.ts';
import { InMemoryApiKeyRepository } from '../../support/in-memory-api-key-repository.ts';
import { principal, principalWith } from '../../support/principals.ts';

let apiKeys: InMemoryApiKeyRepository;
let clock: FakeClock;

beforeEach(() => {
  apiKeys = new InMemoryApiKeyRepository();
  clock = new FakeClock('2025-01-15T10:00:00.000Z');
});

/** Stores a freshly minted key and returns its full value. */
async function storedKey(options: { expiresInDays?: number; workspaceId?: string } = {}) {
  const minted = mintKey({
    workspaceId: options.workspaceId ?? 'ws_test',
    name: 'stored',
    scopes: ['read:canvases', 'write:canvas'],
    expiresInDays: options.expiresInDays,
    createdByKeyId: null,
    now: clock.now(),
  });
  await apiKeys.create(minted.record, minted.lookup);
  return minted;
}

describe('authenticate', () => {
  it('returns 401 when the Authorization header is missing', async () => {
    // Act
    const result = authenticate(undefined, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(result).rejects.toThrow(/Missing API key/);
  });

  it('returns 401 when the Authorization header is empty', async () => {
    // Act
    const result = authenticate('', { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('returns 401 for Basic authentication, even wrapping a valid key', async () => {
    // Prepare
    const { key } = await storedKey();
    const basic = `Basic ${Buffer.from(`user:${key}`).toString('base64')}`;

    // Act
    const result = authenticate(basic, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(result).rejects.toThrow(/Unsupported authorization/);
  });

  it('returns 401 for a valid key sent without the Bearer scheme', async () => {
    // Prepare
    const { key } = await storedKey();

    // Act
    const result = authenticate(key, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('returns 401 for a umcp_ published-server credential', async () => {
    // Act
    const result = authenticate(`Bearer umcp_${'x'.repeat(43)}`, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(result).rejects.toThrow(/only workspace_ keys/);
  });

  it('returns 401 for a webhook-secret-looking token', async () => {
    // Act
    const result = authenticate(`Bearer whsec_${'a1b2c3d4'.repeat(8)}`, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(result).rejects.toThrow(/only workspace_ keys/);
  });

  it.each([
    ['a bare scheme', 'Bearer'],
    ['a scheme with blanks only', 'Bearer    '],
    ['two tokens', 'Bearer workspace_aaaaaaaaaaaaaaaaaaaaaaaa extra'],
    ['random text', 'hello world'],
    ['a workspace_ token that is too short', 'Bearer workspace_short'],
    ['a workspace_ token with forbidden characters', 'Bearer workspace_aaaaaaaaaa+aaaaaaaaaa/aaaa='],
  ])('returns 401 for garbage: %s', async (_label, header) => {
    // Act
    const result = authenticate(header, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('returns 401 for a well-formed key that was never issued', async () => {
    // Prepare
    await storedKey();

    // Act
    const result = authenticate(`Bearer workspace_${'Z'.repeat(43)}`, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(result).rejects.toThrow('Invalid API key');
  });

  it('returns 401 once the key has expired', async () => {
    // Prepare
    const { key } = await storedKey({ expiresInDays: 1 });
    clock.advance(DAY_MS);

    // Act
    const result = authenticate(`Bearer ${key}`, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(result).rejects.toThrow(/expired/);
  });

  it('returns the principal one millisecond before the key expires', async () => {
    // Prepare
    const { key, record } = await storedKey({ expiresInDays: 1 });
    clock.advance(DAY_MS - 1);

    // Act
    const result = await authenticate(`Bearer ${key}`, { apiKeys, clock });

    // Assess
    expect(result.keyId).toBe(record.id);
  });

  it('returns the principal of a valid key', async () => {
    // Prepare
    const { key, record } = await storedKey();

    // Act
    const result = await authenticate(`Bearer ${key}`, { apiKeys, clock });

    // Assess
    expect(result).toEqual({ workspaceId: 'ws_test', keyId: record.id, scopes: ['read:canvases', 'write:canvas'] });
  });

  it('looks the key up by its SHA-256 hash only, never by the key itself', async () => {
    // Prepare
    const { key } = await storedKey();
    const asked: string[] = [];
    const findLookup = apiKeys.findLookup.bind(apiKeys);
    apiKeys.findLookup = async (keyHash) => {
      asked.push(keyHash);
      return findLookup(keyHash);
    };

    // Act
    await authenticate(`Bearer ${key}`, { apiKeys, clock });

    // Assess
    expect(asked).toEqual([hashWorkspaceKey(key)]);
  });

  it('accepts the scheme in any case and trailing blanks', async () => {
    // Prepare
    const { key, record } = await storedKey();

    // Act
    const result = await authenticate(`bearer   ${key}  `, { apiKeys, clock });

    // Assess
    expect(result.keyId).toBe(record.id);
  });

  it('returns 401 for a revoked key', async () => {
    // Prepare
    const { key, record } = await storedKey();
    await revokeKey(principal(), record.id, { apiKeys, clock });

    // Act
    const result = authenticate(`Bearer ${key}`, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('requireScope', () => {
  it('returns 403 naming the missing scope', () => {
    // Prepare
    const reader = principalWith(['read:canvases']);

    // Act
    const act = () => requireScope(reader, 'write:canvas');

    // Assess
    expect(act).toThrow(ForbiddenError);
    expect(act).toThrow('Missing scope: write:canvas');
  });

  it('passes when the principal holds the scope', () => {
    // Prepare
    const writer = principalWith(['read:canvases', 'write:canvas']);

    // Act
    const act = () => requireScope(writer, 'write:canvas');

    // Assess
    expect(act).not.toThrow();
  });

  it('passes for routes that need no scope', () => {
    // Prepare
    const nobody = principalWith([]);

    // Act
    const act = () => requireScope(nobody, null);

    // Assess
    expect(act).not.toThrow();
  });

  it('passes a scope pair with either scope, and names both when neither is held', () => {
    // Prepare
    const pair = ['delete:assets', 'write:canvas'] as const;

    // Act
    const refused = () => requireScope(principalWith(['read:assets', 'write:assets']), pair);

    // Assess
    expect(() => requireScope(principalWith(['write:canvas']), pair)).not.toThrow();
    expect(() => requireScope(principalWith(['delete:assets']), pair)).not.toThrow();
    expect(refused).toThrow('Missing scope: delete:assets or write:canvas');
  });
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
    const { record } = await storedKey();

    // Act
    const view = await revokeKey(principal(), record.id, { apiKeys, clock });

    // Assess
    expect(view.status).toBe('revoked');
    expect(view.revokedAt).toBe('2025-01-15T10:00:00.000Z');
    expect(apiKeys.lookups.has(record.keyHash)).toBe(false);
  });

  it('answers the same way when the key is already revoked (idempotent)', async () => {
    // Prepare
    const { record } = await storedKey();
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
    const { key, record } = await storedKey({ workspaceId: 'ws_other' });

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
    const expiring = await storedKey({ expiresInDays: 1 });
    const revoked = await storedKey();
    const active = await storedKey();
    await storedKey({ workspaceId: 'ws_other' });
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
