// unit: the role → scope table, effective OAuth scopes, email normalisation and scrypt password hashes.
import { describe, expect, it } from 'vitest';
import { normaliseEmail } from '#core/users/model';
import { hashPassword, verifyPassword } from '#core/users/password';
import { effectiveScopes, ROLE_SCOPES } from '#core/users/roles';
import { SCOPES } from '#core/scopes';

describe('ROLE_SCOPES', () => {
  it('gives owners and admins every scope, editors all but manage:integrations and read:billing, viewers reads', () => {
    expect(ROLE_SCOPES.owner).toEqual(SCOPES);
    expect(ROLE_SCOPES.admin).toEqual(SCOPES);
    expect(SCOPES.filter((scope) => !ROLE_SCOPES.editor.includes(scope))).toEqual([
      'manage:integrations',
      'read:billing',
    ]);
    expect(ROLE_SCOPES.viewer).toEqual(['read:canvases', 'read:assets']);
  });
});

describe('effectiveScopes', () => {
  it('intersects the consented scopes with what the role allows now, in canonical order', () => {
    const consented = ['write:canvas', 'read:canvases', 'manage:integrations', 'openid'];
    expect(effectiveScopes(consented, 'owner')).toEqual(['read:canvases', 'write:canvas', 'manage:integrations']);
    expect(effectiveScopes(consented, 'editor')).toEqual(['read:canvases', 'write:canvas']);
    expect(effectiveScopes(consented, 'viewer')).toEqual(['read:canvases']);
    expect(effectiveScopes([], 'owner')).toEqual([]);
  });
});

describe('normaliseEmail', () => {
  it('trims and lower-cases, nothing else', () => {
    expect(normaliseEmail('  Ada.Lovelace+x@Example.COM ')).toBe('ada.lovelace+x@example.com');
  });
});

describe('password hashes', () => {
  // Small parameters keep the test quick; the format and the check are the same at any cost.
  const cheap = { N: 1024, r: 8, p: 1 };

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery', cheap);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('salts every hash and rejects malformed stored values', async () => {
    const a = await hashPassword('same password', cheap);
    const b = await hashPassword('same password', cheap);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', 'plain')).toBe(false);
    expect(await verifyPassword('same password', 'scrypt$x$8$1$abc$def')).toBe(false);
  });

  it('uses memory-hard defaults (N = 2^15, r = 8)', async () => {
    const stored = await hashPassword('default cost');
    expect(stored.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('default cost', stored)).toBe(true);
  });
});
