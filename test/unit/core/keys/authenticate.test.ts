// unit: authenticate and requireScope — a presented key checked against the in-memory key store.
import { beforeEach, describe, expect, it } from 'vitest';
import { ForbiddenError, UnauthorizedError } from '#core/errors';
import { hashWorkspaceKey } from '#core/keys/api-key';
import { authenticate, requireScope, revokeKey } from '#core/keys/use-cases';
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
    const { key } = await storedKey(apiKeys, clock);
    const basic = `Basic ${Buffer.from(`user:${key}`).toString('base64')}`;

    // Act
    const result = authenticate(basic, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(result).rejects.toThrow(/Unsupported authorization/);
  });

  it('returns 401 for a valid key sent without the Bearer scheme', async () => {
    // Prepare
    const { key } = await storedKey(apiKeys, clock);

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
    await storedKey(apiKeys, clock);

    // Act
    const result = authenticate(`Bearer workspace_${'Z'.repeat(43)}`, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(result).rejects.toThrow('Invalid API key');
  });

  it('returns 401 once the key has expired', async () => {
    // Prepare
    const { key } = await storedKey(apiKeys, clock, { expiresInDays: 1 });
    clock.advance(DAY_MS);

    // Act
    const result = authenticate(`Bearer ${key}`, { apiKeys, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(result).rejects.toThrow(/expired/);
  });

  it('returns the principal one millisecond before the key expires', async () => {
    // Prepare
    const { key, record } = await storedKey(apiKeys, clock, { expiresInDays: 1 });
    clock.advance(DAY_MS - 1);

    // Act
    const result = await authenticate(`Bearer ${key}`, { apiKeys, clock });

    // Assess
    expect(result.keyId).toBe(record.id);
  });

  it('returns the principal of a valid key', async () => {
    // Prepare
    const { key, record } = await storedKey(apiKeys, clock);

    // Act
    const result = await authenticate(`Bearer ${key}`, { apiKeys, clock });

    // Assess
    expect(result).toEqual({ workspaceId: 'ws_test', keyId: record.id, scopes: ['read:canvases', 'write:canvas'] });
  });

  it('looks the key up by its SHA-256 hash only, never by the key itself', async () => {
    // Prepare
    const { key } = await storedKey(apiKeys, clock);
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
    const { key, record } = await storedKey(apiKeys, clock);

    // Act
    const result = await authenticate(`bearer   ${key}  `, { apiKeys, clock });

    // Assess
    expect(result.keyId).toBe(record.id);
  });

  it('returns 401 for a revoked key', async () => {
    // Prepare
    const { key, record } = await storedKey(apiKeys, clock);
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
