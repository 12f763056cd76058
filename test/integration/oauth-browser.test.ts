// The user story end to end, through a real headless browser against the app host's HTTP front:
// discovery → registration → sign-in → consent → token → tool call → refresh → revoke, and a role
// change or removal taking effect on the very next gateway call.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  OAuthMetadataSchema,
  OAuthProtectedResourceMetadataSchema,
  OpenIdProviderDiscoveryMetadataSchema,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import type { Principal } from '#core/keys/api-key';
import { createUser } from '#core/users/use-cases';
import { addMember, changeMemberRole, removeMember } from '#core/workspaces/members';
import { memberships, users } from '#adapters/composition/stores';
import { launchBrowser } from './support/browser.ts';
import { startAppFront } from './support/oauth-front.ts';
import { seedWorkspace } from './support/invoke.ts';

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const deps = { users, memberships, clock: systemClock };

let front: Awaited<ReturnType<typeof startAppFront>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let callback: Server;
let callbackUrl: string;

beforeAll(async () => {
  front = await startAppFront();
  browser = await launchBrowser();
  // The client's loopback redirect target (as Claude Code or the Inspector run one).
  callback = createServer((_req, res) => res.end('You can close this window.'));
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/oauth/callback`;
});

afterAll(async () => {
  await browser?.close();
  await front?.stop();
  await new Promise((resolve) => callback?.close(resolve));
});

async function gatewayTools(accessToken: string): Promise<string[]> {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${front.url}/api/mcp?toolsets=all`), {
    requestInit: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

async function gatewayStatus(accessToken: string): Promise<{ status: number; challenge: string | null }> {
  const response = await fetch(`${front.url}/api/mcp`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  return { status: response.status, challenge: response.headers.get('www-authenticate') };
}

describe('OAuth through a headless browser', () => {
  it('connects a client with no key: discovery, DCR, sign-in, consent, tokens, tools; refresh, revoke; demotion and removal apply on the next call', {
    timeout: 120_000,
  }, async () => {
    // Prepare: a workspace (owned by its key) and a user who is its admin.
    const workspace = await seedWorkspace('OAuth browser');
    const owner: Principal = { workspaceId: workspace.workspaceId, keyId: workspace.keyId, scopes: workspace.scopes };
    const email = `oauth-${randomUUID()}@example.test`;
    const password = 'a long browser password';
    const user = await createUser({ email, password }, deps);
    await addMember({ workspaceId: workspace.workspaceId, user, role: 'admin' }, deps);
    const resource = `${front.url}/api/mcp`;

    // Discovery: the gateway's 401 points at the protected-resource document, which names the AS.
    const unauthenticated = await gatewayStatus('');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.challenge).toBe(
      `Bearer resource_metadata="${front.url}/.well-known/oauth-protected-resource/api/mcp"`,
    );
    const prm = OAuthProtectedResourceMetadataSchema.parse(
      await (await fetch(`${front.url}/.well-known/oauth-protected-resource/api/mcp`)).json(),
    );
    expect(prm.resource).toBe(resource);
    OAuthProtectedResourceMetadataSchema.parse(
      await (await fetch(`${front.url}/.well-known/oauth-protected-resource`)).json(),
    );
    const issuer = new URL(prm.authorization_servers![0]!);
    const asMetadata = OAuthMetadataSchema.parse(
      await (await fetch(`${front.url}/.well-known/oauth-authorization-server`)).json(),
    );
    const oidcMetadata = OpenIdProviderDiscoveryMetadataSchema.parse(
      await (await fetch(`${front.url}/.well-known/openid-configuration`)).json(),
    );
    expect(asMetadata.issuer).toBe(front.url);
    expect(oidcMetadata.code_challenge_methods_supported).toEqual(['S256']);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );

    // Registration (RFC 7591), as a public client with a loopback redirect URI.
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          redirect_uris: [callbackUrl],
          token_endpoint_auth_method: 'none',
          client_name: 'Browser test client',
          grant_types: ['authorization_code', 'refresh_token'],
        },
        insecure,
      ),
    );
    const client: oauth.Client = { client_id: registered.client_id };
    const none = oauth.None();

    // Authorization request with PKCE S256 and the resource; the browser signs in and consents.
    async function authorize(options: { signIn: boolean }) {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: client.client_id,
        redirect_uri: callbackUrl,
        response_type: 'code',
        scope: 'read:canvases manage:integrations write:canvas',
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        resource,
      }).toString();
      const page = await browser.context.newPage();
      await page.goto(url.href);
      if (options.signIn) {
        expect(await page.title()).toBe('Sign in');
        await page.fill('input[name=email]', email);
        await page.fill('input[name=password]', 'not the password');
        await page.click('button[type=submit]');
        await expect(page.locator('.error').textContent()).resolves.toBe('Wrong email or password');
        await page.fill('input[name=password]', password);
        await page.click('button[type=submit]');
        expect(await page.title()).toBe('Authorize access');
        const checked = await page
          .locator('input[name=scope]:checked')
          .evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value));
        expect(checked).toEqual(['read:canvases', 'write:canvas', 'manage:integrations']);
        await Promise.all([
          page.waitForURL((target) => target.href.startsWith(callbackUrl)),
          page.click('button:has-text("Allow")'),
        ]);
      } else {
        // The browser session and the client's grant remain: no page is shown again (single sign-on).
        await page.waitForURL((target) => target.href.startsWith(callbackUrl));
      }
      const returned = new URL(page.url());
      await page.close();
      const params = oauth.validateAuthResponse(as, client, returned, state);
      return oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, none, params, callbackUrl, verifier, {
          additionalParameters: { resource },
          ...insecure,
        }),
      );
    }

    // Token: code + verifier + resource → an opaque access token bound to the gateway, and a refresh token.
    const tokens = await authorize({ signIn: true });
    expect(tokens.access_token).toMatch(/^oat_[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^ort_[A-Za-z0-9_-]{43}$/);
    expect(tokens.expires_in).toBe(900);
    expect(tokens.scope).toBe('read:canvases write:canvas manage:integrations');

    // A tool call through the gateway with exactly the consented scopes (run:workflows was not asked for).
    const adminTools = await gatewayTools(tokens.access_token);
    expect(adminTools).toEqual(expect.arrayContaining(['list_canvases', 'create_canvas', 'create_api_key']));
    expect(adminTools).not.toContain('run_workflow');

    // Refresh rotates: a new pair that works; the used refresh token is spent.
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, none, tokens.refresh_token!, insecure),
    );
    expect(refreshed.access_token).toMatch(/^oat_/);
    expect(refreshed.refresh_token).toMatch(/^ort_/);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await gatewayTools(refreshed.access_token)).toEqual(adminTools);

    // Demotion: the very next call has only what a viewer may do, whatever was consented.
    await changeMemberRole(owner, { userId: user.id, role: 'viewer' }, deps);
    const viewerTools = await gatewayTools(refreshed.access_token);
    expect(viewerTools).toContain('list_canvases');
    expect(viewerTools).not.toContain('create_canvas');
    expect(viewerTools).not.toContain('create_api_key');

    // Revocation (RFC 7009): the token stops working at once, and with it every token of the grant.
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, none, refreshed.access_token, insecure),
    );
    expect((await gatewayStatus(refreshed.access_token)).status).toBe(401);
    expect((await gatewayStatus(tokens.access_token)).status).toBe(401);
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, none, refreshed.refresh_token!, insecure),
      ),
    ).rejects.toThrow();

    // Authorising again: the same browser goes straight back to the client.
    const second = await authorize({ signIn: false });
    expect(await gatewayTools(second.access_token)).toEqual(viewerTools);

    // Removal: the next call is a 401 with the discovery pointer, and the refresh token is dead too.
    await removeMember(owner, { userId: user.id }, deps);
    const removed = await gatewayStatus(second.access_token);
    expect(removed.status).toBe(401);
    expect(removed.challenge).toContain('resource_metadata=');
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, none, second.refresh_token!, insecure),
      ),
    ).rejects.toThrow();
  });
});
