// The OAuth handler as API Gateway invokes it behind an HTTPS custom domain: every URL names the
// configured origin (not the Host header), and cookies are Secure.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { OAuthMetadataSchema, OpenIdProviderDiscoveryMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { findRoute, proxyEvent } from './support/invoke.ts';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';

const ORIGIN = 'https://app.example.test';
let handler: (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

beforeAll(async () => {
  process.env.PUBLIC_APP_URL = ORIGIN;
  process.env.SERVICE_ROOT_KEY ??= randomBytes(32).toString('base64url');
  ({ handler } = await import('../../functions/routes/oauth/server.ts'));
});

function event(
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Record<string, string>; body?: unknown } = {},
): APIGatewayProxyEvent {
  const route = findRoute(
    path.startsWith('/.well-known') ? 'GET' : 'ANY',
    path.startsWith('/.well-known') ? '/.well-known/{proxy+}' : '/oauth/{proxy+}',
  );
  // A request that reached API Gateway under another name (its execute-api domain) must not leak it.
  const base = proxyEvent(
    route,
    { body: options.body, query: options.query, headers: { Host: 'abc123.execute-api.eu-west-1.amazonaws.com' } },
    method,
  );
  return {
    ...base,
    path,
    requestContext: {
      ...base.requestContext,
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      path: `/prod${path}`,
    },
  };
}

describe('OAuth behind an HTTPS custom domain', () => {
  it('builds the metadata from PUBLIC_APP_URL and validates with the SDK schemas', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const response = await handler(event('GET', path));
      expect(response.statusCode).toBe(200);
      expect(response.headers?.['access-control-allow-origin']).toBe('*');
      const document = JSON.parse(response.body);
      OAuthMetadataSchema.parse(document);
      OpenIdProviderDiscoveryMetadataSchema.parse(document);
      expect(document.issuer).toBe(ORIGIN);
      for (const key of [
        'authorization_endpoint',
        'token_endpoint',
        'registration_endpoint',
        'revocation_endpoint',
        'jwks_uri',
      ]) {
        expect(document[key].startsWith(`${ORIGIN}/oauth/`)).toBe(true);
      }
      expect(document.scopes_supported).toEqual(expect.arrayContaining(['read:canvases', 'manage:integrations']));
      expect(response.body).not.toContain('execute-api');
    }
    const prm = JSON.parse((await handler(event('GET', '/.well-known/oauth-protected-resource/api/mcp'))).body);
    expect(prm).toMatchObject({ resource: `${ORIGIN}/api/mcp`, authorization_servers: [ORIGIN] });
  });

  it('sets Secure, HttpOnly, SameSite cookies on the way to the sign-in page', async () => {
    const registered = await handler(
      event('POST', '/oauth/register', {
        body: { redirect_uris: ['https://claude.ai/api/mcp/auth_callback'], token_endpoint_auth_method: 'none' },
      }),
    );
    expect(registered.statusCode).toBe(201);
    const { client_id } = JSON.parse(registered.body);
    const started = await handler(
      event('GET', '/oauth/authorize', {
        query: {
          client_id,
          redirect_uri: 'https://claude.ai/api/mcp/auth_callback',
          response_type: 'code',
          code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
          code_challenge_method: 'S256',
          resource: `${ORIGIN}/api/mcp`,
        },
      }),
    );
    expect(started.statusCode).toBe(303);
    expect(started.headers?.location).toMatch(new RegExp(`^${ORIGIN}/oauth/interaction/`));
    const cookies = started.multiValueHeaders?.['set-cookie'] as string[];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.toLowerCase()).toEqual(expect.stringContaining('secure'));
    for (const cookie of cookies) expect(cookie.toLowerCase()).toEqual(expect.stringContaining('httponly'));
    for (const cookie of cookies) expect(cookie.toLowerCase()).toEqual(expect.stringContaining('samesite=lax'));
  });
});
