// What the authorization server leaves in the table: after a full sign-in (registration with a client
// secret, sign-in, consent, code, token, refresh), a scan of the whole table must not contain any value
// that works as a credential — tokens, the code, the client secret, the registration access token, the
// cookie values, the interaction id in the URLs, nor any id oidc-provider handed the adapter (session
// jti and uid, grant id). Items written before ids were digested must never be served.
import { randomBytes, randomUUID } from 'node:crypto';
import { PutCommand, ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '#core/clock';
import { encodeAccountId, hashOAuthId } from '#core/oauth/tokens';
import { createUser } from '#core/users/use-cases';
import { addMember } from '#core/workspaces/members';
import { table } from '#adapters/dynamodb/client';
import { clientSecretDigest, DynamoOAuthAdapter } from '#adapters/dynamodb/oauth-store';
import { memberships, users } from '#adapters/composition/stores';
import { startAppFront } from './support/oauth-front.ts';
import { seedWorkspace } from './support/invoke.ts';

const deps = { users, memberships, clock: systemClock };
const REDIRECT_URI = 'http://127.0.0.1:9/cb';
let front: Awaited<ReturnType<typeof startAppFront>>;

beforeAll(async () => {
  front = await startAppFront();
});
afterAll(async () => {
  await front?.stop();
});

/** Every item of the table, as JSON text. */
async function scanTable(): Promise<string[]> {
  const { client, tableName } = table();
  const items: string[] = [];
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) items.push(JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** fetch with a cookie jar and no automatic redirects; remembers every cookie value it was given. */
function browser() {
  const jar = new Map<string, string>();
  const cookieValues = new Set<string>();
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
      if (value.join('=')) cookieValues.add(value.join('='));
    }
    return response;
  };
  return { go, cookieValues };
}

const formPost = (fields: [string, string][], headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});

const basicAuth = (clientId: string, clientSecret: string) => ({
  authorization:
    `Basic ` +
    `${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
});

async function tokenRequest(fields: [string, string][], clientId: string, clientSecret: string) {
  const response = await fetch(`${front.url}/oauth/token`, formPost(fields, basicAuth(clientId, clientSecret)));
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function callGateway(accessToken: string): Promise<number> {
  const response = await fetch(`${front.url}/api/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function signedInMember() {
  const workspace = await seedWorkspace('OAuth storage');
  const email = `storage-${randomUUID()}@example.test`;
  const user = await createUser({ email, password: 'storage test password' }, deps);
  await addMember({ workspaceId: workspace.workspaceId, user, role: 'editor' }, deps);
  return { workspace, user, email, password: 'storage test password' };
}

describe('what a table read yields', () => {
  it('holds no credential of a full sign-in, refresh included; the tokens still work, rotate, and reuse revokes the grant', {
    timeout: 60_000,
  }, async () => {
    // Prepare: record every id oidc-provider asks the adapter to persist (the client id is public).
    const upsert = vi.spyOn(DynamoOAuthAdapter.prototype, 'upsert');
    const { email, password } = await signedInMember();
    const secrets = new Map<string, string>();

    // Act: registration with a client secret, sign-in, consent, code, token, refresh.
    const registered = (await (
      await fetch(`${front.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_basic' }),
      })
    ).json()) as Record<string, string>;
    const clientId = registered.client_id!;
    secrets.set('client secret', registered.client_secret!);
    secrets.set('registration access token', registered.registration_access_token!);

    const verifier = randomBytes(32).toString('base64url');
    const challenge = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))).toString(
      'base64url',
    );
    const authorize = new URL(`${front.url}/oauth/authorize`);
    for (const [name, value] of Object.entries({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'read:canvases',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${front.url}/api/mcp`,
    })) {
      authorize.searchParams.set(name, value);
    }
    const { go, cookieValues } = browser();
    const interaction = (await go(authorize.href)).headers.get('location')!;
    secrets.set('interaction id', interaction.split('/').at(-1)!);
    let csrf = /name="csrf" value="([^"]+)"/.exec(await (await go(interaction)).text())![1]!;
    const resume = (
      await go(
        `${interaction}/login`,
        formPost([
          ['csrf', csrf],
          ['email', email],
          ['password', password],
        ]),
      )
    ).headers.get('location')!;
    const consent = (await go(resume)).headers.get('location')!;
    secrets.set('consent interaction id', consent.split('/').at(-1)!);
    const consentPage = await (await go(consent)).text();
    // Mid-flow, while the consent interaction (which refers to the signed-in session) exists; it is
    // deleted once the flow completes.
    const midFlow = await scanTable();
    csrf = /name="csrf" value="([^"]+)"/.exec(consentPage)![1]!;
    const back = (
      await go(
        `${consent}/consent`,
        formPost([
          ['csrf', csrf],
          ['scope', 'read:canvases'],
        ]),
      )
    ).headers.get('location')!;
    const callback = new URL((await go(back)).headers.get('location')!);
    const code = callback.searchParams.get('code')!;
    secrets.set('authorization code', code);

    const first = await tokenRequest(
      [
        ['grant_type', 'authorization_code'],
        ['code', code],
        ['code_verifier', verifier],
        ['redirect_uri', REDIRECT_URI],
      ],
      clientId,
      registered.client_secret!,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    secrets.set('first access token', first.body.access_token!);
    secrets.set('first refresh token', first.body.refresh_token!);
    const second = await tokenRequest(
      [
        ['grant_type', 'refresh_token'],
        ['refresh_token', first.body.refresh_token!],
      ],
      clientId,
      registered.client_secret!,
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    secrets.set('second access token', second.body.access_token!);
    secrets.set('second refresh token', second.body.refresh_token!);
    for (const value of cookieValues) secrets.set(`cookie value ${value.slice(0, 8)}…`, value);
    const models = new Set<string>();
    for (const [index, [id, payload]] of upsert.mock.calls.entries()) {
      const model = (upsert.mock.contexts[index] as unknown as { model: string }).model;
      models.add(model);
      if (model === 'Client') continue;
      // A digest the adapter handed out itself (a stored grant or session reference) is no secret.
      for (const [field, value] of Object.entries({
        jti: id,
        uid: payload.uid,
        grantId: payload.grantId,
        sessionUid: payload.sessionUid,
      })) {
        if (typeof value === 'string' && !/^sha256:[0-9a-f]{64}$/.test(value))
          secrets.set(`${model}.${field} ${value.slice(0, 8)}…`, value);
      }
    }
    upsert.mockRestore();
    const items = [...midFlow, ...(await scanTable())];

    // Assess: the flow worked, and nothing it produced is readable from the table.
    expect(models).toEqual(
      new Set([
        'Client',
        'RegistrationAccessToken',
        'Interaction',
        'Session',
        'Grant',
        'AuthorizationCode',
        'AccessToken',
        'RefreshToken',
      ]),
    );
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(await callGateway(second.body.access_token!)).toBe(200);
    const found = [...secrets].filter(([, value]) => items.some((item) => item.includes(value))).map(([name]) => name);
    expect(found, 'credentials found in the table').toEqual([]);

    // The client authenticates with its secret, never with the digest the table holds.
    for (const wrong of [clientSecretDigest(registered.client_secret!), 'not the secret']) {
      expect(
        (
          await tokenRequest(
            [
              ['grant_type', 'refresh_token'],
              ['refresh_token', second.body.refresh_token!],
            ],
            clientId,
            wrong,
          )
        ).status,
      ).toBe(401);
    }

    // The stored form still carries the protocol: presenting the spent refresh token is refused and
    // revokes the whole grant (oidc-provider's reuse detection, through the adapter's grant index).
    expect(
      (
        await tokenRequest(
          [
            ['grant_type', 'refresh_token'],
            ['refresh_token', first.body.refresh_token!],
          ],
          clientId,
          registered.client_secret!,
        )
      ).status,
    ).toBe(400);
    expect(await callGateway(second.body.access_token!)).toBe(401);
    expect(
      (
        await tokenRequest(
          [
            ['grant_type', 'refresh_token'],
            ['refresh_token', second.body.refresh_token!],
          ],
          clientId,
          registered.client_secret!,
        )
      ).status,
    ).toBe(400);
  });
});

describe('items written before ids were digested', () => {
  it('are never served: an old access token is a 401 and an old refresh token is invalid_grant', async () => {
    // Prepare: the old layout — the item keyed by the token's SHA-256, the payload verbatim.
    const { workspace, user } = await signedInMember();
    const { client, tableName } = table();
    const now = Math.floor(Date.now() / 1000);
    const accessToken = `oat_${randomBytes(32).toString('base64url')}`;
    const refreshToken = `ort_${randomBytes(32).toString('base64url')}`;
    const accountId = encodeAccountId(user.id, workspace.workspaceId);
    const registered = (await (
      await fetch(`${front.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' }),
      })
    ).json()) as Record<string, string>;
    const common = {
      accountId,
      clientId: registered.client_id,
      grantId: 'old-grant',
      scope: 'read:canvases',
      iat: now,
      exp: now + 900,
    };
    const old = (model: string, id: string, payload: Record<string, unknown>) =>
      client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            PK: `OAUTH#${model}#${hashOAuthId(id)}`,
            SK: 'OAUTH',
            entity: `OAuth${model}`,
            payload: { ...payload, jti: id, kind: model },
            expiresAt: now + 900,
          },
        }),
      );
    await old('AccessToken', accessToken, { ...common, aud: `${front.url}/api/mcp` });
    await old('RefreshToken', refreshToken, { ...common, resource: `${front.url}/api/mcp` });
    await old('Grant', 'old-grant', {
      accountId,
      clientId: registered.client_id,
      resources: { [`${front.url}/api/mcp`]: 'read:canvases' },
    });

    // Act
    const gateway = await callGateway(accessToken);
    const refresh = await fetch(
      `${front.url}/oauth/token`,
      formPost([
        ['grant_type', 'refresh_token'],
        ['refresh_token', refreshToken],
        ['client_id', registered.client_id!],
      ]),
    );

    // Assess
    expect(gateway).toBe(401);
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
