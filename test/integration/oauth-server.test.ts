// The authorization server's rules over plain HTTP (no browser): redirect-URI policy, `resource`,
// PKCE, CSRF, the sign-in rate limit, the invite page, and the gateway's 401 for foreign credentials.
import { randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import type { Principal } from '#core/keys/api-key';
import { createUser } from '#core/users/use-cases';
import { addMember, inviteMember } from '#core/workspaces/members';
import { memberships, users } from '#adapters/composition/stores';
import { SIGN_IN_LIMITS } from '../../functions/oauth/interactions.ts';
import { startAppFront } from './support/oauth-front.ts';
import { seedWorkspace } from './support/invoke.ts';

const deps = { users, memberships, clock: systemClock };
const insecure = { [oauth.allowInsecureRequests]: true } as const;
let front: Awaited<ReturnType<typeof startAppFront>>;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  front = await startAppFront();
  const issuer = new URL(front.url);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  );
});
afterAll(async () => {
  await front?.stop();
});

/** fetch with a cookie jar and no automatic redirects, like a browser one step at a time. */
function browserLike() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    return response;
  };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

async function register(redirectUris: string[]) {
  return oauth.dynamicClientRegistrationRequest(
    as,
    { redirect_uris: redirectUris, token_endpoint_auth_method: 'none' },
    insecure,
  );
}

async function authorizationUrl(clientId: string, redirectUri: string, extra: Record<string, string | undefined>) {
  const url = new URL(as.authorization_endpoint!);
  const params: Record<string, string | undefined> = {
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'read:canvases',
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    code_challenge_method: 'S256',
    resource: `${front.url}/api/mcp`,
    ...extra,
  };
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

describe('dynamic client registration', () => {
  it('accepts https and loopback redirect URIs on any port, and refuses plain http elsewhere', async () => {
    expect(
      (await register(['https://claude.ai/api/mcp/auth_callback', 'https://claude.com/api/mcp/auth_callback'])).status,
    ).toBe(201);
    expect((await register(['http://localhost:6274/oauth/callback', 'http://127.0.0.1:53682/cb'])).status).toBe(201);
    const refused = await register(['http://attacker.example/cb']);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });
});

describe('authorization requests', () => {
  let clientId: string;
  const redirectUri = 'http://127.0.0.1:9/cb';

  beforeAll(async () => {
    clientId = (await oauth.processDynamicClientRegistrationResponse(await register([redirectUri]))).client_id;
  });

  it('requires the resource parameter, and only the gateway resource', async () => {
    const missing = await fetch(await authorizationUrl(clientId, redirectUri, { resource: undefined }), {
      redirect: 'manual',
    });
    expect(missing.status).toBe(303);
    const missingError = new URL(missing.headers.get('location')!).searchParams;
    expect(missingError.get('error')).toBe('invalid_target');
    expect(missingError.get('error_description')).toBe('the resource parameter is required');
    const other = await fetch(
      await authorizationUrl(clientId, redirectUri, { resource: 'https://elsewhere.example/api/mcp' }),
      { redirect: 'manual' },
    );
    expect(other.status).toBe(303);
    expect(new URL(other.headers.get('location')!).searchParams.get('error')).toBe('invalid_target');
  });

  it('requires PKCE with S256', async () => {
    const none = await fetch(
      await authorizationUrl(clientId, redirectUri, { code_challenge: undefined, code_challenge_method: undefined }),
      { redirect: 'manual' },
    );
    expect(new URL(none.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const plain = await fetch(await authorizationUrl(clientId, redirectUri, { code_challenge_method: 'plain' }), {
      redirect: 'manual',
    });
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('redirects only to the exact registered URI', async () => {
    const response = await fetch(await authorizationUrl(clientId, 'http://127.0.0.1:9/cb/other', {}), {
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
  });

  it('refuses a sign-in form without its CSRF token, and rate-limits sign-in per email', async () => {
    const email = `limited-${randomUUID()}@example.test`;
    const go = browserLike();
    const start = await go(await authorizationUrl(clientId, redirectUri, {}));
    const interaction = start.headers.get('location')!;
    expect(interaction).toMatch(/\/oauth\/interaction\//);
    const page = await (await go(interaction)).text();
    expect(page).toContain('<form method="post"');
    const csrf = field(page, 'csrf');

    const forged = await go(`${interaction}/login`, form({ csrf: 'forged', email, password: 'whatever pw' }));
    expect(forged.status).toBe(403);

    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perEmail; attempt++) {
      expect((await go(`${interaction}/login`, form({ csrf, email, password: 'wrong password' }))).status).toBe(401);
    }
    const limited = await go(`${interaction}/login`, form({ csrf, email, password: 'wrong password' }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sets its cookies HttpOnly and SameSite', async () => {
    const go = browserLike();
    const start = await go(await authorizationUrl(clientId, redirectUri, {}));
    const interaction = await go(start.headers.get('location')!);
    const cookies = [...start.headers.getSetCookie(), ...interaction.headers.getSetCookie()];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.toLowerCase()).toMatch(/httponly/);
    for (const cookie of cookies) expect(cookie.toLowerCase()).toMatch(/samesite=lax/);
  });
});

describe('interaction pages', () => {
  it('answer a stale or foreign interaction with an error page, not a server error', async () => {
    const response = await fetch(`${front.url}/oauth/interaction/not-a-real-uid`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('session');
    const unknownInvite = await fetch(`${front.url}/oauth/invite/inv_${'a'.repeat(43)}`);
    expect(unknownInvite.status).toBe(404);
  });
});

describe('invite page', () => {
  it('lets an invited person without an account choose a password and join; the link then stops working', async () => {
    const workspace = await seedWorkspace('Invite page');
    const owner: Principal = { workspaceId: workspace.workspaceId, keyId: workspace.keyId, scopes: workspace.scopes };
    const email = `new-${randomUUID()}@example.test`;
    const invite = await inviteMember(owner, { email, role: 'editor' }, front.url, deps);
    const go = browserLike();
    const page = await (await go(invite.inviteUrl)).text();
    expect(page).toContain('Choose a password');
    const short = await go(invite.inviteUrl, form({ csrf: field(page, 'csrf'), password: 'short' }));
    expect(short.status).toBe(400);
    const joined = await go(invite.inviteUrl, form({ csrf: field(page, 'csrf'), password: 'a fine new password' }));
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain('You joined Invite page as editor');
    const user = await users.findByEmail(email);
    expect(await memberships.getMember(workspace.workspaceId, user!.id)).toMatchObject({ role: 'editor' });
    expect((await go(invite.inviteUrl)).status).toBe(404);
  });

  it('asks an existing user for their password, and refuses a wrong one', async () => {
    const workspace = await seedWorkspace('Invite existing');
    const owner: Principal = { workspaceId: workspace.workspaceId, keyId: workspace.keyId, scopes: workspace.scopes };
    const user = await createUser({ email: `old-${randomUUID()}@example.test`, password: 'existing password' }, deps);
    const other = await seedWorkspace('Other');
    await addMember({ workspaceId: other.workspaceId, user, role: 'viewer' }, deps);
    const invite = await inviteMember(owner, { email: user.email, role: 'viewer' }, front.url, deps);
    const go = browserLike();
    const page = await (await go(invite.inviteUrl)).text();
    expect(page).toContain('Your password');
    expect((await go(invite.inviteUrl, form({ csrf: field(page, 'csrf'), password: 'not it at all' }))).status).toBe(
      401,
    );
    expect(
      (await go(invite.inviteUrl, form({ csrf: field(page, 'csrf'), password: 'existing password' }))).status,
    ).toBe(200);
    expect(await memberships.getMember(workspace.workspaceId, user.id)).toMatchObject({ role: 'viewer' });
  });
});

describe('gateway credentials', () => {
  it('answers umcp_ credentials, webhook secrets and unknown OAuth tokens with 401 and the metadata pointer', async () => {
    for (const token of [
      `umcp_${'x'.repeat(40)}`,
      `whsec_${'x'.repeat(40)}`,
      `oat_${'x'.repeat(43)}`,
      `ort_${'x'.repeat(43)}`,
    ]) {
      const response = await fetch(`${front.url}/api/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${front.url}/.well-known/oauth-protected-resource/api/mcp"`,
      );
    }
  });
});
