// The MCP SDK's own client OAuth (`auth()` and the transport's authProvider), as the Inspector and SDK
// scripts run it, against the app host: it discovers, registers, gets a code through our pages (driven
// here over HTTP), exchanges it and calls tools; a 401 later makes it refresh by itself.
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { createUser } from '#core/users/use-cases';
import { addMember } from '#core/workspaces/members';
import { memberships, users } from '#adapters/composition/stores';
import { startAppFront } from './support/oauth-front.ts';
import { seedWorkspace } from './support/invoke.ts';

const deps = { users, memberships, clock: systemClock };
const CALLBACK = 'http://127.0.0.1:6274/oauth/callback'; // the Inspector's
let front: Awaited<ReturnType<typeof startAppFront>>;

beforeAll(async () => {
  front = await startAppFront();
});
afterAll(async () => {
  await front?.stop();
});

/** An in-memory OAuthClientProvider, as the Inspector keeps one in its storage. */
class MemoryProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  get redirectUrl() {
    return CALLBACK;
  }
  get clientMetadata() {
    return {
      redirect_uris: [CALLBACK],
      client_name: 'SDK auth() test',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The user's part, over HTTP with a cookie jar: sign in, consent, and read the code off the redirect. */
async function userApproves(authorizationUrl: URL, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [name, ...value] = line.split(';')[0]!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    return response;
  };
  const post = (url: string, fields: [string, string][]) =>
    go(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const interaction = (await go(authorizationUrl.href)).headers.get('location')!;
  let csrf = /name="csrf" value="([^"]+)"/.exec(await (await go(interaction)).text())![1]!;
  const resume = (
    await post(`${interaction}/login`, [
      ['csrf', csrf],
      ['email', email],
      ['password', password],
    ])
  ).headers.get('location')!;
  const consent = (await go(resume)).headers.get('location')!;
  const consentPage = await (await go(consent)).text();
  csrf = /name="csrf" value="([^"]+)"/.exec(consentPage)![1]!;
  const scopes = [...consentPage.matchAll(/name="scope" value="([^"]+)" checked/g)].map(
    (m) => ['scope', m[1]!] as [string, string],
  );
  const back = (await post(`${consent}/consent`, [['csrf', csrf], ...scopes])).headers.get('location')!;
  const callback = (await go(back)).headers.get('location')!;
  const code = new URL(callback).searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback}`);
  return code;
}

describe('the MCP SDK client auth()', () => {
  it('discovers, registers, authorises with PKCE and resource, and calls tools with the token it got', {
    timeout: 60_000,
  }, async () => {
    // Prepare
    const workspace = await seedWorkspace('SDK auth');
    const email = `sdk-${randomUUID()}@example.test`;
    const user = await createUser({ email, password: 'sdk user password' }, deps);
    await addMember({ workspaceId: workspace.workspaceId, user, role: 'editor' }, deps);
    const provider = new MemoryProvider();
    const serverUrl = `${front.url}/api/mcp`;

    // Act: the SDK's flow, as a client that met a 401 would run it.
    expect(await auth(provider, { serverUrl })).toBe('REDIRECT');
    const requested = provider.authorizationUrl!;
    const code = await userApproves(requested, email, 'sdk user password');
    expect(await auth(provider, { serverUrl, authorizationCode: code })).toBe('AUTHORIZED');

    // Assess: what it asked for, what it got, and that the gateway takes it.
    expect(requested.searchParams.get('resource')).toBe(serverUrl);
    expect(requested.searchParams.get('code_challenge_method')).toBe('S256');
    expect(provider.saved?.access_token).toMatch(/^oat_/);
    expect(provider.saved?.refresh_token).toMatch(/^ort_/);
    const client = new Client({ name: 'sdk-auth-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider }));
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    await client.close();
    // An editor: canvas authoring and runs, not key management, whatever the SDK asked for.
    expect(tools).toEqual(expect.arrayContaining(['list_canvases', 'create_canvas', 'run_workflow']));
    expect(tools).not.toContain('create_api_key');

    // A refresh through the SDK (what it does when a token expires) rotates the pair.
    const before = provider.saved!;
    expect(await auth(provider, { serverUrl })).toBe('AUTHORIZED');
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
  });
});
