// unit: the gateway's OAuth token check — expiry, audience, membership now, scopes = consented ∩ role now.
import { beforeEach, describe, expect, it } from 'vitest';
import { UnauthorizedError } from '#core/errors';
import { authenticateOAuthToken, type OAuthAuthDeps, type StoredAccessToken } from '#core/oauth/authenticate';
import { bearerChallenge, protectedResourceMetadata, resourceMetadataUrl } from '#core/oauth/resource';
import { encodeAccountId, hashOAuthId, parseAccountId } from '#core/oauth/tokens';
import type { Member } from '#core/workspaces/model';
import { FakeClock } from '../../support/fake-clock.ts';

const APP = 'https://app.example.test';
const TOKEN = `oat_${'a'.repeat(43)}`;

let stored: Map<string, StoredAccessToken>;
let members: Map<string, Member>;
let clock: FakeClock;
let deps: OAuthAuthDeps;

beforeEach(() => {
  clock = new FakeClock('2026-01-01T00:00:00.000Z');
  stored = new Map([
    [
      hashOAuthId(TOKEN),
      {
        accountId: encodeAccountId('usr_1', 'ws_1'),
        clientId: 'client',
        grantId: 'grant_1',
        scope: 'write:canvas read:canvases manage:integrations',
        aud: `${APP}/api/mcp`,
        exp: Date.parse('2026-01-01T00:15:00.000Z') / 1000,
      },
    ],
  ]);
  members = new Map([
    [
      'ws_1/usr_1',
      {
        workspaceId: 'ws_1',
        userId: 'usr_1',
        email: 'u@example.test',
        role: 'admin',
        joinedAt: '2025-01-01T00:00:00.000Z',
      },
    ],
  ]);
  deps = {
    tokens: { findAccessToken: async (hash) => stored.get(hash) },
    memberships: { getMember: async (ws, user) => members.get(`${ws}/${user}`) },
    clock,
    appUrl: APP,
  };
});

describe('authenticateOAuthToken', () => {
  it('returns the principal with the consented scopes the role allows, in canonical order', async () => {
    await expect(authenticateOAuthToken(TOKEN, deps)).resolves.toEqual({
      workspaceId: 'ws_1',
      keyId: 'grant_1',
      userId: 'usr_1',
      credential: 'oauth',
      scopes: ['read:canvases', 'write:canvas', 'manage:integrations'],
    });
  });

  it('cuts the scopes down to the current role on every call', async () => {
    members.get('ws_1/usr_1')!.role = 'viewer';
    expect((await authenticateOAuthToken(TOKEN, deps)).scopes).toEqual(['read:canvases']);
    members.get('ws_1/usr_1')!.role = 'editor';
    expect((await authenticateOAuthToken(TOKEN, deps)).scopes).toEqual(['read:canvases', 'write:canvas']);
  });

  it('refuses a removed member, an expired, unknown or revoked token, another resource, another family', async () => {
    const refused = (token = TOKEN) =>
      expect(authenticateOAuthToken(token, deps)).rejects.toBeInstanceOf(UnauthorizedError);
    await refused(`workspace_${'a'.repeat(43)}`);
    await refused(`umcp_${'a'.repeat(43)}`);
    await refused('oat_unknown');
    stored.get(hashOAuthId(TOKEN))!.aud = 'https://other.example.test/api/mcp';
    await expect(authenticateOAuthToken(TOKEN, deps)).rejects.toThrow('another resource');
    stored.get(hashOAuthId(TOKEN))!.aud = [`${APP}/api/mcp`];
    await expect(authenticateOAuthToken(TOKEN, deps)).resolves.toMatchObject({ workspaceId: 'ws_1' });
    clock.advance(15 * 60 * 1000);
    await refused();
    clock.set('2026-01-01T00:00:00.000Z');
    members.clear();
    await expect(authenticateOAuthToken(TOKEN, deps)).rejects.toThrow('no longer a member');
    stored.clear();
    await refused();
  });
});

describe('resource URLs', () => {
  it('derives every URL from the one public origin', () => {
    expect(resourceMetadataUrl(`${APP}/`)).toBe(`${APP}/.well-known/oauth-protected-resource/api/mcp`);
    expect(bearerChallenge(APP)).toBe(`Bearer resource_metadata="${APP}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(protectedResourceMetadata(APP)).toMatchObject({ resource: `${APP}/api/mcp`, authorization_servers: [APP] });
  });

  it('encodes the account as user and workspace, and refuses malformed ones', () => {
    expect(parseAccountId(encodeAccountId('usr_1', 'ws_1'))).toEqual({ userId: 'usr_1', workspaceId: 'ws_1' });
    expect(parseAccountId('usr_1')).toBeUndefined();
    expect(parseAccountId('a:b:c')).toBeUndefined();
  });
});
