// unit: the workspace key family — generation, hashing, display prefix, input schema, status.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CreateKeyInput,
  WORKSPACE_KEY_PREFIX,
  displayPrefix,
  generateWorkspaceKey,
  hashWorkspaceKey,
  isWorkspaceKeyFormat,
  keyStatus,
} from '#core/keys/api-key';

describe('generateWorkspaceKey', () => {
  it('returns workspace_ followed by 43 base64url characters (32 random bytes)', () => {
    // Act
    const key = generateWorkspaceKey();

    // Assess
    expect(key.startsWith('workspace_')).toBe(true);
    const random = key.slice(WORKSPACE_KEY_PREFIX.length);
    expect(random).toHaveLength(43);
    expect(random).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(random, 'base64url')).toHaveLength(32);
  });

  it('returns a different key on every call', () => {
    // Act
    const keys = new Set(Array.from({ length: 500 }, () => generateWorkspaceKey()));

    // Assess
    expect(keys.size).toBe(500);
  });

  it('returns keys that pass its own format check', () => {
    // Act
    const key = generateWorkspaceKey();

    // Assess
    expect(isWorkspaceKeyFormat(key)).toBe(true);
  });
});

describe('isWorkspaceKeyFormat', () => {
  it.each([
    [`workspace_${'a'.repeat(20)}`, true],
    [`workspace_${'A'.repeat(200)}`, true],
    [`workspace_${'a'.repeat(19)}`, false],
    [`workspace_${'a'.repeat(201)}`, false],
    ['workspace_' + 'abc+/=abcabcabcabcabcabc', false],
    [`umcp_${'a'.repeat(40)}`, false],
    [`Workspace_${'a'.repeat(40)}`, false],
    ['', false],
  ])('returns %s → %s', (candidate, expected) => {
    // Act
    const result = isWorkspaceKeyFormat(candidate);

    // Assess
    expect(result).toBe(expected);
  });
});

describe('hashWorkspaceKey', () => {
  it('returns the SHA-256 hex digest of the full key', () => {
    // Prepare
    const key = `workspace_${'k'.repeat(43)}`;

    // Act
    const hash = hashWorkspaceKey(key);

    // Assess
    expect(hash).toBe(createHash('sha256').update(key, 'utf8').digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('returns the well-known digest of a fixed input', () => {
    // Act
    const hash = hashWorkspaceKey('abc');

    // Assess
    expect(hash).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('returns different hashes for keys that differ in one character', () => {
    // Act
    const a = hashWorkspaceKey(`workspace_${'a'.repeat(43)}`);
    const b = hashWorkspaceKey(`workspace_${'a'.repeat(42)}b`);

    // Assess
    expect(a).not.toBe(b);
  });
});

describe('displayPrefix', () => {
  it('returns workspace_ plus the first 6 random characters', () => {
    // Prepare
    const key = 'workspace_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

    // Act
    const prefix = displayPrefix(key);

    // Assess
    expect(prefix).toBe('workspace_AbCdEf');
  });

  it('never returns the whole of a generated key', () => {
    // Prepare
    const key = generateWorkspaceKey();

    // Act
    const prefix = displayPrefix(key);

    // Assess
    expect(prefix).toHaveLength(16);
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThan(key.length);
  });
});

describe('CreateKeyInput', () => {
  it('accepts a name alone and leaves scopes and expiry unset', () => {
    // Act
    const parsed = CreateKeyInput.parse({ name: '  CI key  ' });

    // Assess
    expect(parsed).toEqual({ name: 'CI key' });
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['an empty scope list', { name: 'k', scopes: [] }],
    ['an unknown scope', { name: 'k', scopes: ['admin:everything'] }],
    ['expiry of 0 days', { name: 'k', expiresInDays: 0 }],
    ['expiry of 366 days', { name: 'k', expiresInDays: 366 }],
    ['a fractional expiry', { name: 'k', expiresInDays: 1.5 }],
  ])('rejects %s', (_label, input) => {
    // Act
    const parsed = CreateKeyInput.safeParse(input);

    // Assess
    expect(parsed.success).toBe(false);
  });

  it('accepts expiry at both ends of 1 to 365 days', () => {
    // Act
    const low = CreateKeyInput.safeParse({ name: 'k', expiresInDays: 1 });
    const high = CreateKeyInput.safeParse({ name: 'k', expiresInDays: 365 });

    // Assess
    expect(low.success && high.success).toBe(true);
  });
});

describe('keyStatus', () => {
  const now = new Date('2025-01-15T10:00:00.000Z');

  it('returns active for a key without expiry or revocation', () => {
    // Act
    const status = keyStatus({ expiresAt: null, revokedAt: null }, now);

    // Assess
    expect(status).toBe('active');
  });

  it('returns active one millisecond before expiry', () => {
    // Act
    const status = keyStatus({ expiresAt: '2025-01-15T10:00:00.001Z', revokedAt: null }, now);

    // Assess
    expect(status).toBe('active');
  });

  it('returns expired at the instant of expiry', () => {
    // Act
    const status = keyStatus({ expiresAt: '2025-01-15T10:00:00.000Z', revokedAt: null }, now);

    // Assess
    expect(status).toBe('expired');
  });

  it('returns revoked when revoked, even if also expired', () => {
    // Act
    const status = keyStatus({ expiresAt: '2024-01-01T00:00:00.000Z', revokedAt: '2024-06-01T00:00:00.000Z' }, now);

    // Assess
    expect(status).toBe('revoked');
  });
});
